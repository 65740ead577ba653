import { createTheme } from '@mui/material/styles';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** MUI's default breakpoints, the ones react-admin's own styles switch on. */
const { breakpoints } = createTheme();

/** The product's violet (the member app's --primary) and its page background. */
export const brand = {
  primary: '#7b3de9',
  primaryDark: '#5b24c4',
  primaryLight: '#efebff',
  background: '#fafafb',
  text: '#171721',
};

/**
 * The console in the product's colours instead of react-admin's blue, with
 * tables that fit the window: cells keep words whole and break only members'
 * long tokens and links, and a table too wide for the window scrolls inside
 * its card instead of widening the page.
 */
export const consoleTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: brand.primary, dark: brand.primaryDark, light: brand.primaryLight, contrastText: '#fff' },
    secondary: { main: brand.primary, dark: brand.primaryDark, light: brand.primaryLight, contrastText: '#fff' },
    background: { default: brand.background },
    text: { primary: brand.text },
  },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'Roboto, system-ui, sans-serif' },
  components: {
    ...defaultLightTheme.components,
    MuiCssBaseline: { styleOverrides: { body: { overflowWrap: 'anywhere' } } },
    // Labels break between words only: 'Arquivar' never becomes 'Arqui/var'.
    MuiButton: { styleOverrides: { root: { overflowWrap: 'normal' } } },
    // Rows of actions wrap onto more lines on a narrow window; gap (not
    // margins) spaces them, so a wrapped line starts at the left edge.
    MuiStack: { defaultProps: { useFlexGap: true }, styleOverrides: { root: { flexWrap: 'wrap' } } },
    // Cells keep words whole ('Administrador' never becomes 'Administr/ador'),
    // so a column is never narrower than its longest word and a nearly-empty
    // column cannot squeeze the others. A member's long token or link still
    // breaks, inside a box of at most 20rem: it cannot make its column the
    // width of the whole text. On a phone the table scrolls sideways in its
    // card (RaList-content below).
    MuiTableCell: {
      styleOverrides: {
        root: { overflowWrap: 'break-word' },
        body: { '& > .MuiTypography-root': { display: 'inline-block', maxWidth: '20rem' } },
        // Headers stay on one line: 'E-mail' never becomes 'E-' over 'mail'.
        head: { overflowWrap: 'normal', whiteSpace: 'nowrap' },
      },
    },
    RaList: {
      styleOverrides: {
        root: {
          minWidth: 0,
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { overflowX: 'auto' },
          // Filters and 'Exportar' wrap onto more lines on a narrow window.
          // On a phone react-admin stacks them (a column, toolbar on top):
          // wrapping there would open a second column beside the first, past
          // the window's right edge, so the stack stays one column.
          '& .RaList-actions': {
            flexWrap: 'wrap',
            minWidth: 0,
            alignItems: 'stretch',
            [breakpoints.down('sm')]: { flexWrap: 'nowrap' },
          },
        },
      },
    },
    // react-admin's empty list heads its message with an <h4> right under
    // the page's <h1>: its level becomes h2, in the same look, so a screen
    // reader's outline skips no level. Every other heading names its element.
    MuiTypography: { defaultProps: { variantMapping: { h4: 'h2' } } },
    // An empty list says so in the secondary text colour (about 5.7:1 on the
    // page) instead of react-admin's 'disabled' grey (2.7:1, below WCAG's
    // 4.5:1); the big inbox icon keeps the pale grey, a decoration.
    RaEmpty: {
      styleOverrides: {
        root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' }, '& .RaEmpty-icon': { color: 'rgba(0, 0, 0, 0.38)' } },
      },
    },
    RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap', minWidth: 0, whiteSpace: 'normal', justifyContent: 'flex-end' } } },
    RaFilterForm: { styleOverrides: { root: { flexWrap: 'wrap', minWidth: 0, '& .RaFilterFormInput-body': { maxWidth: '100%' } } } },
    // react-admin makes the layout at least as wide as its content (fit-content): a wide table widened the page.
    RaLayout: {
      styleOverrides: {
        root: { minWidth: 0, '& .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } },
      },
    },
  },
};
