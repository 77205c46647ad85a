/**
 * Two-factor enrolment (docs/back-office.md "Two-factor sign-in"): shown instead of the back office while the
 * session can only enrol (`me.enrolRequired`: owner, admin and finance without a second factor). "Show the secret"
 * asks `POST /console/api/totp/enrol` for the secret (base32 and `otpauth://` URI, shown once); the first code of
 * the app confirms it (`POST /console/api/totp/confirm`), which answers ten recovery codes, shown once; "Continue"
 * asks `me` again and the app opens. A wrong code (400 `console_totp_invalid`) can be tried again.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Link, Stack, TextField, Typography } from '@mui/material';
import { consoleFetch } from './dataProvider';
import { refreshMe } from './authProvider';
import { ConsoleApiError } from './registry';
import { setMe } from './session';

export function EnrolPage() {
  const [secret, setSecret] = useState<{ secret: string; uri: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState('');

  const start = async () => {
    try {
      setSecret(await consoleFetch<{ secret: string; uri: string }>('totp/enrol', { method: 'POST' }));
      setError('');
    } catch (failure) {
      setError(`Could not start: ${failure instanceof ConsoleApiError ? failure.errorCode : 'error'}`);
    }
  };
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    try {
      setCodes((await consoleFetch<{ recoveryCodes: string[] }>('totp/confirm', { method: 'POST', body: { code } })).recoveryCodes);
      setSecret(null);
      setError('');
    } catch {
      setError('That code is wrong; check the time of your device and try again.');
    }
  };
  const signOut = async () => {
    await consoleFetch('logout', { method: 'POST' }).catch(() => undefined);
    setMe(null);
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 520 }}>
        <CardContent>
          <Stack spacing={2} component="section" aria-labelledby="enrol-title">
            <Typography id="enrol-title" component="h1" variant="h5">Set up two-factor sign-in</Typography>
            <Typography>Your role signs in with a code from an authenticator app. Add this account to the app, then enter the code it shows.</Typography>
            {!secret && !codes && <Button variant="contained" onClick={start}>Show the secret</Button>}
            {secret && (
              <>
                <Typography>Secret (shown once): <code id="enrol-base32">{secret.secret}</code></Typography>
                <Link href={secret.uri}>Open in an authenticator app</Link>
                <Stack component="form" spacing={2} onSubmit={confirm} direction={{ xs: 'column', sm: 'row' }}>
                  <TextField
                    id="enrol-code" name="code" label="Code from the app" autoComplete="one-time-code"
                    slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6, required: true } }}
                  />
                  <Button type="submit" variant="contained">Confirm</Button>
                </Stack>
              </>
            )}
            {codes && (
              <>
                <Typography>Keep these recovery codes somewhere safe. Each works once instead of a code; they are not shown again.</Typography>
                <Box component="ol" id="recovery-codes" sx={{ fontFamily: 'monospace', columns: 2 }}>
                  {codes.map((code) => <li key={code}>{code}</li>)}
                </Box>
                <Button variant="contained" onClick={() => void refreshMe()}>Continue</Button>
              </>
            )}
            {error && <Alert severity="error" role="alert">{error}</Alert>}
            <Button onClick={signOut}>Sign out</Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
