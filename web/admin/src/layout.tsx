import GroupsIcon from '@mui/icons-material/Groups';
import { Box, Typography } from '@mui/material';
import { AppBar, Layout, TitlePortal, UserMenu, useGetIdentity, type LayoutProps } from 'react-admin';

import { consoleMessages } from './i18n/pt-br';
import { brand } from './theme';

/** The product mark, as in the member app: the people icon on violet, then the name. */
function ConsoleLogo() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 2, flexShrink: 0 }}>
      <Box
        aria-hidden="true"
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 32,
          height: 32,
          borderRadius: 2,
          bgcolor: '#fff',
          color: brand.primary,
        }}
      >
        <GroupsIcon fontSize="small" />
      </Box>
      <Typography component="span" sx={{ fontWeight: 700, fontSize: 20, letterSpacing: '-0.01em' }}>
        {consoleMessages.productName}
      </Typography>
      <Typography component="span" sx={{ display: { xs: 'none', sm: 'inline' }, opacity: 0.85, fontSize: 14 }}>
        {consoleMessages.productArea}
      </Typography>
    </Box>
  );
}

/** react-admin's account menu, its button named after the name it shows. */
function ConsoleUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? consoleMessages.userMenuOf(identity.fullName) : 'ra.auth.user_menu'} />;
}

/** The screen's title is the page's level-one heading (styled as react-admin's). */
function ConsoleAppBar() {
  return (
    <AppBar color="primary" userMenu={<ConsoleUserMenu />}>
      <ConsoleLogo />
      <TitlePortal component="h1" />
    </AppBar>
  );
}

/** react-admin's layout with the product's app bar. */
export function ConsoleLayout(props: LayoutProps) {
  return <Layout {...props} appBar={ConsoleAppBar} />;
}
