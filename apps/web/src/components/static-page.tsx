import type { ReactNode } from 'react';
import { Container, Paper, Stack, Typography } from '@mui/material';

/** One titled section of a static page. */
export interface StaticSection {
  title: string;
  body: string;
}

/**
 * The layout of the static pages (about, privacy policy, help): a titled sheet with a lead
 * paragraph, sections and optional extra content.
 * @example <StaticPage title={t('about.title')} lead={t('about.lead')} sections={[…]} />
 */
export function StaticPage({
  title,
  lead,
  sections = [],
  children,
}: {
  title: string;
  lead: string;
  sections?: StaticSection[];
  children?: ReactNode;
}) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 5 }, borderRadius: 2 }}>
        <Stack spacing={3}>
          <Stack spacing={1.5}>
            <Typography component="h1" variant="h4">
              {title}
            </Typography>
            <Typography
              variant="h6"
              component="p"
              color="text.secondary"
              sx={{ fontWeight: 400, lineHeight: 1.8 }}
            >
              {lead}
            </Typography>
          </Stack>
          {sections.map((section) => (
            <Stack key={section.title} component="section" spacing={1}>
              <Typography component="h2" variant="h6" color="primary">
                {section.title}
              </Typography>
              <Typography sx={{ lineHeight: 2 }}>{section.body}</Typography>
            </Stack>
          ))}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
