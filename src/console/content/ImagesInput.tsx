import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useNotify } from 'react-admin';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { uploadArtwork } from './artwork';

/**
 * An item's artwork (`images`: /media/… addresses, first shown first): upload (the original and its 360/720 px
 * copies, artwork.ts; docs/back-office.md "Artwork"), reorder and remove. Banners show the first image.
 */
export function ImagesInput() {
  const notify = useNotify();
  const { setValue } = useFormContext();
  const images = (useWatch({ name: 'images' }) ?? []) as string[];
  const [busy, setBusy] = useState(false);
  const set = (next: string[]) => setValue('images', next, { shouldDirty: true });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const stored = await uploadArtwork(file);
      set([...images, stored.url]);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2">Images</Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', my: 1 }}>
        {images.map((url, i) => (
          <Box key={url} sx={{ border: 1, borderColor: 'divider', p: 0.5, textAlign: 'center' }}>
            <img src={`${url}?w=360`} alt={`Image ${i + 1}`} width={180} height={72} style={{ objectFit: 'cover', display: 'block' }} />
            <IconButton size="small" aria-label={`Move image ${i + 1} first`} disabled={i === 0} onClick={() => set([url, ...images.filter((u) => u !== url)])}>↑</IconButton>
            <IconButton size="small" aria-label={`Remove image ${i + 1}`} onClick={() => set(images.filter((u) => u !== url))}>✕</IconButton>
          </Box>
        ))}
      </Stack>
      <Button component="label" variant="outlined" disabled={busy}>
        {busy ? 'Uploading…' : 'Upload an image'}
        <input hidden type="file" accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml" data-testid="artwork-upload"
          onChange={(event) => void upload(event.target.files?.[0])} />
      </Button>
    </Box>
  );
}
