import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextInput, required } from 'react-admin';
import { Box, Button, MenuItem, Stack, Tab, Tabs, TextField as MuiTextField } from '@mui/material';
import { LANGUAGE_LIST } from '../../../rules/languages';

/**
 * The words of an item in every language it has (docs/back-office.md "Content"), one tab per language: the site's
 * default language first (required), then the others; "Add a language" adds a tab, "Remove" drops a version (the
 * save replaces the set of languages). Titles and labels are plain text; the body is HTML, sanitised by the server
 * (the preview shows it as the site does). Right-to-left languages are edited right to left.
 */
export function TextsInput({ defaultLanguage, withLabel }: { defaultLanguage: string; withLabel: boolean }) {
  const { setValue, getValues } = useFormContext();
  const texts = (useWatch({ name: 'texts' }) ?? {}) as Record<string, { title?: string; content?: string; label?: string } | undefined>;
  const present = [defaultLanguage, ...Object.keys(texts).filter((l) => l !== defaultLanguage && texts[l] !== undefined).sort()];
  const [tab, setTab] = useState(defaultLanguage);
  const current = present.includes(tab) ? tab : defaultLanguage;
  const info = LANGUAGE_LIST.find((l) => l.code === current);
  const missing = LANGUAGE_LIST.filter((l) => !present.includes(l.code));

  const add = (code: string) => {
    setValue(`texts.${code}`, { title: '', content: '', label: '' }, { shouldDirty: true });
    setTab(code);
  };
  const remove = (code: string) => {
    const next = { ...(getValues('texts') as Record<string, unknown>) };
    delete next[code];
    setValue('texts', next, { shouldDirty: true });
    setTab(defaultLanguage);
  };

  return (
    <Box sx={{ width: '100%', border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Tabs value={current} onChange={(_, value: string) => setTab(value)} variant="scrollable" aria-label="Languages">
          {present.map((code) => <Tab key={code} value={code} label={code === defaultLanguage ? `${code} (default)` : code} />)}
        </Tabs>
        <MuiTextField
          select size="small" label="Add a language" value="" sx={{ minWidth: 180 }}
          onChange={(event) => add(event.target.value)}
        >
          {missing.map((l) => <MenuItem key={l.code} value={l.code}>{`${l.code} — ${l.nativeName}`}</MenuItem>)}
        </MuiTextField>
      </Stack>
      <Box key={current} dir={info?.dir ?? 'ltr'} sx={{ mt: 2 }}>
        <TextInput source={`texts.${current}.title`} label="Title" validate={required()} fullWidth />
        {withLabel ? <TextInput source={`texts.${current}.label`} label="Label" fullWidth /> : null}
        <TextInput source={`texts.${current}.content`} label="Body (HTML)" multiline minRows={5} fullWidth />
        {current !== defaultLanguage ? <Button color="error" onClick={() => remove(current)}>{`Remove ${current}`}</Button> : null}
      </Box>
    </Box>
  );
}
