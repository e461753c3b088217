import { Box, Stack, Typography } from '@mui/material';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import type { SupportConversation } from '@dars/contract';
import { formatDateTime } from '../../../lib/format';
import { tm } from '../../../i18n/ar-messages';
import { LtrRuns } from '@dars/ui/ltr-runs';

type Thread = Pick<SupportConversation, 'content' | 'created_at' | 'messages'>;

interface Bubble {
  key: string;
  mine: boolean;
  who: string;
  content: string;
  at: string;
}

function bubblesOf(thread: Thread): Bubble[] {
  return [
    {
      key: 'opening',
      mine: true,
      who: tm('conversation.you'),
      content: thread.content,
      at: thread.created_at,
    },
    ...thread.messages.map((m) => ({
      key: String(m.id),
      mine: m.from === 'sender',
      who:
        m.from === 'sender'
          ? tm('conversation.you')
          : tm('conversation.staff', { name: m.staff_name ?? '' }),
      content: m.content,
      at: m.created_at,
    })),
  ];
}

/**
 * A ticket's conversation as chat bubbles, oldest first: the opening message and every reply.
 * The reader's own messages sit at the line's end (the left in Arabic, as chat apps mirror it)
 * in the brand colour, the staff's at its start; each says who wrote it and when, in Cairo's
 * time. Long words and links wrap inside the bubble, each left-to-right run isolated (LtrRuns);
 * a message written left to right keeps its own direction (`dir="auto"`).
 */
export function ConversationThread({ thread, labelledBy }: { thread: Thread; labelledBy: string }) {
  return (
    <Stack
      component="ol"
      aria-labelledby={labelledBy}
      spacing={1.5}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {bubblesOf(thread).map((b) => (
        <Box
          component="li"
          key={b.key}
          sx={{
            alignSelf: b.mine ? 'flex-end' : 'flex-start',
            maxWidth: { xs: '88%', sm: '75%' },
            minWidth: 0,
          }}
        >
          <Box
            sx={{
              px: 2,
              py: 1.25,
              borderRadius: 3,
              // The corner nearest the line's edge the bubble sits on stays square.
              ...(b.mine ? { borderEndEndRadius: 4 } : { borderEndStartRadius: 4 }),
              bgcolor: b.mine ? 'primary.main' : 'background.paper',
              color: b.mine ? 'primary.contrastText' : 'text.primary',
              border: b.mine ? 0 : 1,
              borderColor: 'divider',
            }}
          >
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mb: 0.5 }}>
              {!b.mine && <SupportAgentOutlinedIcon fontSize="small" color="primary" aria-hidden />}
              <Typography
                component="p"
                variant="body2"
                sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
              >
                {b.who}
              </Typography>
            </Stack>
            <Typography
              dir="auto"
              sx={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                lineHeight: 1.8,
                textAlign: 'start',
              }}
            >
              <LtrRuns text={b.content} />
            </Typography>
          </Box>
          <Typography
            component="time"
            dateTime={b.at}
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', mt: 0.5, px: 1, textAlign: b.mine ? 'end' : 'start' }}
          >
            {formatDateTime(b.at)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
