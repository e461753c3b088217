import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import {
  Alert,
  AppBar,
  Avatar,
  Badge,
  BottomNavigation,
  BottomNavigationAction,
  Button,
  Card,
  CardActionArea,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Drawer,
  FormControlLabel,
  IconButton,
  InputAdornment,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Pagination,
  Radio,
  Select,
  Skeleton,
  Slider,
  Snackbar,
  Step,
  StepLabel,
  Stepper,
  Switch,
  Tab,
  Tabs,
  TextField,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { mayFlip, rtlWhereItFlips } from './rtl-cache';
import { themeOptions } from './theme';

// The plugin as it is, with its calls counted (vi.mock is hoisted above the imports).
vi.mock('stylis-plugin-rtl', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof rtlPlugin }>()).default;
  return { default: vi.fn(real) };
});

/** A rule through stylis as the cache compiles it, with the given RTL plugin. */
const through = (css: string, rtl: typeof rtlPlugin) =>
  serialize(compile(css), middleware([prefixer, rtl, stringify]));

/**
 * One rule for each thing cssjanus changes (its own list: names, values, four values, radii,
 * shadows, translations, background positions, cursors, the direction, the backtick), and
 * rules near them that it leaves alone.
 */
const CASES = [
  '.a{margin-left:8px;padding-right:4px;}',
  '.a{left:0;right:auto;}',
  '.a{float:left;clear:right;text-align:left;}',
  '.a{border-left:1px solid red;border-top-right-radius:4px;}',
  '.a{transition:left 200ms,right 200ms;}',
  '.a{direction:ltr;}',
  '.a{direction:rtl;}',
  '.a{cursor:e-resize;}',
  '.a{cursor:nw-resize;}',
  '.a{margin:1px 2px 3px 4px;}',
  '.a{padding:0 calc(8px + 2px) 0 0;}',
  '.a{border-width:1px 2px 3px 4px;}',
  '.a{border-color:red green blue yellow;}',
  '.a{border-style:solid dotted dashed none;}',
  '.a{border-radius:4px 8px;}',
  '.a{border-radius:4px 8px 2px;}',
  '.a{border-radius:1px 2px 3px 4px / 5px 6px;}',
  '.a{border-radius:4px;}',
  '.a{box-shadow:2px 3px 4px red;}',
  '.a{box-shadow:inset -2px 0 4px red;}',
  '.a{box-shadow:0px 2px 1px -1px rgba(0,0,0,0.2);}',
  '.a{text-shadow:1px 1px 2px black;}',
  '.a{text-shadow:red 2px 2px;}',
  '.a{transform:translateX(10px);}',
  '.a{transform:rotate(3deg) translate(-4px, 2px);}',
  '.a{background-position:20% 50%;}',
  '.a{background:url(x.png) 10% 0 no-repeat;}',
  '.a{background-position-x:30%;}',
  '.a{background-color:#fff;}',
  '.a{margin:0 8px;}',
  '.a{color:rgba(0, 0, 0, 0.26);}',
  '.a{content:"`";}',
  '.a{/* @noflip */margin-left:2px;}',
  '.a{/* a note */z-index:1;}',
  '.a:hover{border-right-color:red;}',
  '.a .b{right:2px;}',
  '@media (min-width:600px){.a{padding-left:24px;}.b{z-index:2;}}',
  '@keyframes k{from{left:0;}to{left:10px;}}',
  '@supports (display:grid){.a{margin-right:0;}}',
  '@keyframes k{from{opacity:0;}to{opacity:1;}}',
  '@supports (display:grid){.a{display:grid;}}',
  '.a{z-index:1200;}',
  '.a{display:flex;gap:8px;}',
  '.a>:not(style)~:not(style){margin-top:12px;}',
];

/**
 * What MUI writes for the components the two apps use, as emotion compiles them: each class's
 * rules (with its media queries and states) in one string.
 */
function muiRules(): string[] {
  const cache = createCache({ key: 'x', stylisPlugins: [] });
  cache.compat = true;
  const theme = createTheme(themeOptions);
  const el = createElement;
  const parts: ReactNode[] = [
    el(AppBar, { key: 1 }, el(Toolbar, null, el(IconButton, null, 'x'))),
    el(Alert, { key: 2, severity: 'error', onClose: () => {} }, 'x'),
    el(Avatar, { key: 3 }, 'x'),
    el(Badge, { key: 4, badgeContent: 3 }, 'x'),
    el(BottomNavigation, { key: 5, value: 0 }, el(BottomNavigationAction, { label: 'x' })),
    el(Button, { key: 6, variant: 'contained', startIcon: 'i', endIcon: 'e' }, 'x'),
    el(Button, { key: 7, variant: 'outlined', size: 'small' }, 'x'),
    el(Card, { key: 8 }, el(CardActionArea, null, 'x')),
    el(Checkbox, { key: 9 }),
    el(Chip, { key: 10, label: 'x', onDelete: () => {}, icon: el('span') }),
    el(CircularProgress, { key: 11 }),
    el(LinearProgress, { key: 12 }),
    el(Divider, { key: 13 }),
    el(FormControlLabel, { key: 14, control: el(Radio), label: 'x' }),
    el(Switch, { key: 15 }),
    el(
      List,
      { key: 16 },
      el(
        ListItemButton,
        null,
        el(ListItemIcon, null, 'i'),
        el(ListItemText, { primary: 'x', secondary: 'y' }),
      ),
    ),
    el(Pagination, { key: 17, count: 5 }),
    el(Select, { key: 18, value: '', native: false }, el(MenuItem, { value: '' }, 'x')),
    el(Skeleton, { key: 19, variant: 'rounded' }),
    el(Slider, { key: 20, value: 3 }),
    el(Stepper, { key: 21, activeStep: 0 }, el(Step, null, el(StepLabel, null, 'x'))),
    el(Tabs, { key: 22, value: 0 }, el(Tab, { label: 'x' })),
    el(TextField, {
      key: 23,
      label: 'x',
      helperText: 'y',
      error: true,
      slotProps: { input: { startAdornment: el(InputAdornment, { position: 'start' }, 'i') } },
    }),
    el(TextField, { key: 24, label: 'x', variant: 'filled', multiline: true }),
    el(Tooltip, { key: 25, title: 'x', open: true, children: el('span', null, 'x') }),
    el(Typography, { key: 26, variant: 'h5' }, 'x'),
    el(
      Dialog,
      { key: 27, open: true, disablePortal: true },
      el(DialogTitle, null, 'x'),
      el(DialogContent, null, 'y'),
      el(DialogActions, null, 'z'),
    ),
    el(Drawer, { key: 28, variant: 'permanent', anchor: 'left' }, 'x'),
    el(Menu, { key: 29, open: true, disablePortal: true, anchorEl: null }, el(MenuItem, null, 'x')),
    el(Snackbar, { key: 30, open: true, message: 'x' }),
  ];
  renderToString(el(CacheProvider, { value: cache }, el(ThemeProvider, { theme }, ...parts)));
  return Object.values(cache.inserted).filter(
    (rules): rules is string => typeof rules === 'string',
  );
}

describe('rtlWhereItFlips', () => {
  it('writes every rule as stylis-plugin-rtl does: the hand-made cases', () => {
    for (const css of CASES)
      expect(through(css, rtlWhereItFlips), css).toBe(through(css, rtlPlugin));
    // The cases do test flipping: most of them come out changed.
    const changed = CASES.filter(
      (css) => through(css, rtlPlugin) !== through(css, (() => undefined) as never),
    );
    expect(changed.length).toBeGreaterThan(25);
  });

  it("writes every rule of MUI's components as stylis-plugin-rtl does", () => {
    const rules = muiRules();
    expect(rules.length).toBeGreaterThan(100);
    for (const css of rules)
      expect(through(css, rtlWhereItFlips), css).toBe(through(css, rtlPlugin));
  });

  it('leaves out the rules with nothing to flip, and keeps those with something', () => {
    const first = (css: string) => compile(css)[0]!;
    for (const css of [
      '.a{z-index:1200;}',
      '.a{display:flex;gap:8px;}',
      '.a>:not(style)~:not(style){margin-top:12px;}',
      '.a{margin:0 8px;}',
      '.a{background-color:#fff;}',
      '.a{border-radius:4px;}',
      '@keyframes k{from{opacity:0;}to{opacity:1;}}',
      '@supports (display:grid){.a{display:grid;}}',
      '.a{/* a note */z-index:1;}',
    ])
      expect(mayFlip(first(css)), css).toBe(false);
    for (const css of [
      '.a{margin-left:8px;}',
      '.a{margin:1px 2px 3px 4px;}',
      '.a{box-shadow:2px 0 red;}',
      '.a{direction:ltr;}',
      '.a{border-radius:4px 8px;}',
      '.a{transform:translateX(2px);}',
      '.a{background-position:20% 0;}',
      '.a{cursor:e-resize;}',
      '.a{content:"`";}',
    ])
      expect(mayFlip(first(css)), css).toBe(true);
    // What MUI writes: many of its rules are left out.
    const rules = muiRules()
      .flatMap((css) => compile(css))
      .filter((e) => e.type === 'rule');
    expect(rules.filter((e) => !mayFlip(e)).length).toBeGreaterThan(rules.length / 3);
  });

  it('does not run the plugin on a rule with nothing to flip, and runs it on one with something', () => {
    const plugin = vi.mocked(rtlPlugin);
    plugin.mockClear();
    expect(through('.a{z-index:1200;}', rtlWhereItFlips)).toBe('.a{z-index:1200;}');
    expect(plugin).not.toHaveBeenCalled();
    expect(through('.a{margin-left:8px;}', rtlWhereItFlips)).toBe('.a{margin-right:8px;}');
    expect(plugin).toHaveBeenCalled();
  });
});
