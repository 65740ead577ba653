import { Typography } from '@mui/material';
import { Login, LoginForm, PasswordInput, required, TextInput, useTranslate } from 'react-admin';

import { authMessages, consoleMessages } from '../i18n/pt-br';

/**
 * react-admin's sign-in page with one more field: the code of the
 * authenticator app (or a recovery code), for staff whose account has a
 * second step of signing in. The page is the document's main landmark,
 * headed by the console's name, as every page is for a screen reader.
 */
export function LoginPage() {
  const translate = useTranslate();
  return (
    <main>
      <Login>
        <Typography component="h1" variant="h6" align="center" sx={{ mx: 2 }}>
          {consoleMessages.signInTitle}
        </Typography>
        <LoginForm>
          <TextInput
            autoFocus
            source="username"
            label={translate('ra.auth.username')}
            autoComplete="username"
            validate={required()}
          />
          <PasswordInput
            source="password"
            label={translate('ra.auth.password')}
            autoComplete="current-password"
            validate={required()}
          />
          <TextInput source="code" label={authMessages.code_label} autoComplete="one-time-code" />
        </LoginForm>
      </Login>
    </main>
  );
}
