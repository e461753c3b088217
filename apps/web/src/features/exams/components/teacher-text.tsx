import { Link, Typography } from '@mui/material';
import { readableLink, textWithLinks } from '../lib/text-with-links';

/**
 * A teacher's text shown as text with its http(s) addresses as links, never as HTML
 * (spec §2: the explanation is text with links). A link reads as its host and decoded path
 * (`readableLink`), kept left to right inside the Arabic sentence and free to wrap anywhere,
 * so a long address never widens a phone's screen; it still opens the address as written.
 */
export function TeacherText({ text }: { text: string }) {
  return (
    <Typography sx={{ whiteSpace: 'pre-line', lineHeight: 1.9, overflowWrap: 'anywhere' }}>
      {textWithLinks(text).map((piece, i) =>
        piece.href ? (
          <Link
            key={i}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer"
            title={readableLink(piece.href, Infinity)}
            sx={{ overflowWrap: 'anywhere' }}
          >
            <bdi dir="ltr">{readableLink(piece.href)}</bdi>
          </Link>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </Typography>
  );
}
