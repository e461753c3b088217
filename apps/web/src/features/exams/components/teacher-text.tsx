import { Link, Typography } from '@mui/material';
import { textWithLinks } from '../lib/text-with-links';

/**
 * A teacher's text shown as text with its http(s) addresses as links, never as HTML
 * (spec §2: the explanation is text with links).
 */
export function TeacherText({ text }: { text: string }) {
  return (
    <Typography sx={{ whiteSpace: 'pre-line', lineHeight: 1.9, overflowWrap: 'anywhere' }}>
      {textWithLinks(text).map((piece, i) =>
        piece.href ? (
          <Link key={i} href={piece.href} target="_blank" rel="noopener noreferrer" dir="ltr">
            {piece.text}
          </Link>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </Typography>
  );
}
