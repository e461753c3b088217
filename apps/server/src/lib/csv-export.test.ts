import { describe, expect, it } from 'vitest';
import { csvChunks, type CsvColumn } from './csv-export';

const columns: CsvColumn<{ n: number; name: string }>[] = [
  { header: 'الرقم', value: (r) => r.n },
  { header: 'الاسم', value: (r) => r.name },
];

async function collect(total: number, pageSize: number) {
  const asked: number[] = [];
  const rows = Array.from({ length: total }, (_, i) => ({ n: i + 1, name: `اسم ${i + 1}` }));
  let text = '';
  for await (const chunk of csvChunks(
    columns,
    async (page, size) => {
      asked.push(page);
      return rows.slice((page - 1) * size, page * size);
    },
    pageSize,
  )) {
    text += chunk;
  }
  return { text, asked };
}

describe('csvChunks', () => {
  it('reads every page until a short one and writes each row once, in order', async () => {
    const { text, asked } = await collect(5, 2);
    expect(asked).toEqual([1, 2, 3]);
    expect(text).toBe(
      '\uFEFFالرقم,الاسم\r\n1,اسم 1\r\n2,اسم 2\r\n3,اسم 3\r\n4,اسم 4\r\n5,اسم 5\r\n',
    );
  });

  it('asks for one more page after a full last page, and writes the header alone for none', async () => {
    expect((await collect(4, 2)).asked).toEqual([1, 2, 3]);
    const empty = await collect(0, 2);
    expect(empty.text).toBe('\uFEFFالرقم,الاسم\r\n');
    expect(empty.asked).toEqual([1]);
  });
});
