// A bare Fastify route answering a fixed JSON body of a similar size: the ceiling to compare with.
import Fastify from 'fastify';

const body = {
  data: Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    name: `دورة ${i + 1}`,
    description: 'وصف قصير للدورة',
    price: 50,
  })),
  links: { next: '/api/v1/courses?page=2' },
};
// The same for a POST that carries a JSON body, as an exam answer does (body parsed, a small
// reply like the answers call's).
const answered = {
  remaining_seconds: 3600,
  answer_attempts: Array.from({ length: 5 }, (_, i) => ({
    id: i + 1,
    question_id: i + 1,
    answer_id: 4 * i + 1,
    answer_text: null,
    answer_image: null,
    correct: null,
    question_mark: 1,
    correction_mark: null,
  })),
};
const app = Fastify({ logger: false });
app.get('/baseline', async () => body);
app.post('/baseline', async () => answered);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address });
// The bench asks for our CPU time around each measurement.
process.on('message', (m) => {
  if (m === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
process.on('disconnect', async () => {
  await app.close();
  process.exit(0);
});
