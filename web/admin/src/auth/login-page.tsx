import { Login, LoginForm, PasswordInput, required, TextInput, useTranslate } from 'react-admin';

import { authMessages } from '../i18n/pt-br';

/**
 * react-admin's sign-in page with one more field: the code of the
 * authenticator app (or a recovery code), for staff whose account has a
 * second step of signing in.
 */
export function LoginPage() {
  const translate = useTranslate();
  return (
    <Login>
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
  );
}
