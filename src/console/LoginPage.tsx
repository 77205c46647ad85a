/**
 * The back office's sign-in page (docs/back-office.md "Two-factor sign-in", "Sign-in guard"): username and password,
 * then — when the server answers `console_totp_required`, or asks for the password and the code together (429 with
 * `{ secondFactor: true }`) — the authenticator or recovery code in a field of its own. The page is replaced by the
 * app once signed in (react-admin routes away from /login), so the form never stays on screen.
 */
import { useState, type FormEvent } from 'react';
import { useLogin } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { ConsoleApiError } from './registry';

/** What the operator reads for each refusal of the sign-in (anything else: wrong username or password). */
const MESSAGES: Record<string, string> = {
  console_totp_required: 'Enter the code of your authenticator app (or a recovery code).',
  console_totp_invalid: 'That code is wrong or was already used; wait for the next one.',
  network_error: 'The back office could not be reached; check the connection.',
};

/** The message of a failed sign-in and whether the code field must show. */
export function signInRefusal(error: unknown): { message: string; askCode: boolean } {
  if (!(error instanceof ConsoleApiError)) return { message: 'Wrong username or password.', askCode: false };
  const secondFactor = Boolean((error.value as { secondFactor?: boolean } | null)?.secondFactor);
  if (error.errorCode === 'TOO_MANY_REQUEST') {
    return { message: `Too many attempts, try again later${secondFactor ? ' or sign in with your code.' : '.'}`, askCode: secondFactor };
  }
  return {
    message: MESSAGES[error.errorCode] ?? 'Wrong username or password.',
    askCode: secondFactor || error.errorCode === 'console_totp_required' || error.errorCode === 'console_totp_invalid',
  };
}

export function LoginPage() {
  const login = useLogin();
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get('code') ?? '').trim();
    setBusy(true);
    try {
      await login({ username: String(form.get('username') ?? ''), password: String(form.get('password') ?? ''), ...(code ? { code } : {}) });
    } catch (failure) {
      const refusal = signInRefusal(failure);
      setError(refusal.message);
      if (refusal.askCode) setAskCode(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 380 }}>
        <CardContent>
          <Box component="form" id="login" onSubmit={submit} noValidate={false}>
            <Stack spacing={2}>
              <Typography component="h1" variant="h5">Sign in to the back office</Typography>
              <TextField id="login-username" name="username" label="Username" autoComplete="username" autoFocus fullWidth slotProps={{ htmlInput: { required: true } }} />
              <TextField id="login-password" name="password" label="Password" type="password" autoComplete="current-password" fullWidth slotProps={{ htmlInput: { required: true } }} />
              {askCode && (
                <TextField
                  id="login-code" name="code" label="Authenticator code or recovery code" autoComplete="one-time-code" autoFocus fullWidth
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
                />
              )}
              <Button type="submit" variant="contained" disabled={busy}>Sign in</Button>
              <Box id="login-error" role="alert" aria-live="assertive">{error && <Alert severity="error">{error}</Alert>}</Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
