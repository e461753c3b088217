// The bare route's fixed JSON body: the ceiling of any route (baseline-server.ts), and what our
// own plugin stack answers in the bench's third baseline (api-server.ts), so the two differ by
// our hooks alone.
export const BARE_BODY = {
  data: Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    name: `دورة ${i + 1}`,
    description: 'وصف قصير للدورة',
    price: 50,
  })),
  links: { next: '/api/v1/courses?page=2' },
};
