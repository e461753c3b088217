import { mixHash, QUESTION_DIFFICULTIES, type QuestionDifficulty } from '@dars/contract';

/**
 * Drawing a session's questions from banks (issue 26, ADR 046): pure, so the session start, the
 * staff preview and the exam form's feasibility all use the same rule.
 */

/** "count questions worth mark each from a bank, with a tag, of a difficulty". */
export type DrawRule = {
  id: number;
  bank_id: number;
  tag: string | null;
  difficulty: string | null;
  mark: number;
  count: number;
};

/** A bank question as the draw sees it (tags stored `|a|b|`). */
export type DrawCandidate = {
  id: number;
  bank_id: number | null;
  tags: string | null;
  difficulty: string | null;
  mark: number;
};

/**
 * Tags as stored: `|a|b|` (trimmed, in lower case, without repeats), or null for none. Lower
 * case, so the list's filter (SQL `like`, which ignores Latin case on SQLite) and a rule's
 * tag (matched exactly here) find the same questions.
 */
export function storedTags(tags: readonly string[] | null | undefined): string | null {
  const clean = [
    ...new Set((tags ?? []).map((t) => t.trim().toLowerCase()).filter((t) => t !== '')),
  ];
  return clean.length === 0 ? null : `|${clean.join('|')}|`;
}

/** A stored difficulty as the API names it (null for none or anything else). */
export function difficultyOf(stored: string | null): QuestionDifficulty | null {
  return (QUESTION_DIFFICULTIES as readonly (string | null)[]).includes(stored)
    ? (stored as QuestionDifficulty)
    : null;
}

/** Tags as a list, from `|a|b|`. */
export function tagList(stored: string | null): string[] {
  return stored ? stored.split('|').filter((t) => t !== '') : [];
}

/** Whether rule `rule` may draw question `q`: its bank, its exact mark, the tag and difficulty. */
export function fits(rule: DrawRule, q: DrawCandidate): boolean {
  return (
    q.bank_id === rule.bank_id &&
    q.mark === rule.mark &&
    (rule.difficulty === null || q.difficulty === rule.difficulty) &&
    (rule.tag === null || (q.tags ?? '').includes(`|${rule.tag}|`))
  );
}

/** How many questions each rule could draw on its own (the exam form shows it). */
export function availableCounts(rules: readonly DrawRule[], pool: readonly DrawCandidate[]) {
  return rules.map((rule) => pool.filter((q) => fits(rule, q)).length);
}

/**
 * Gives each rule `count` questions, none twice, in the order `key` ranks them; a question
 * wanted by two overlapping rules goes where it lets every rule be served (augmenting paths:
 * the matching found is a maximum one, so a shortfall is real). Returns the ids in rule order
 * and how many were asked for but could not be drawn.
 * @example drawQuestions(session.token, rules, pool) // { ids: [12, 7, 30], missing: 0 }
 */
export function drawQuestions(
  key: string,
  rules: readonly DrawRule[],
  pool: readonly DrawCandidate[],
): { ids: number[]; missing: number } {
  const ranked = rules.map((rule) => {
    const ranks: [number, number][] = [];
    for (const q of pool)
      if (fits(rule, q)) ranks.push([mixHash(`${key}:draw:${rule.id}:${q.id}`), q.id]);
    return ranks.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, id]) => id);
  });
  // One slot per question asked for; `owner` says which slot holds a question.
  const slotRule: number[] = [];
  rules.forEach((rule, r) => {
    for (let i = 0; i < rule.count; i++) slotRule.push(r);
  });
  const owner = new Map<number, number>();
  const held: (number | undefined)[] = slotRule.map(() => undefined);
  // Most draws need no more than this: each rule takes its first free candidates.
  const next = rules.map(() => 0);
  slotRule.forEach((r, slot) => {
    const list = ranked[r]!;
    while (next[r]! < list.length && owner.has(list[next[r]!]!)) next[r]! += 1;
    if (next[r]! < list.length) {
      const id = list[next[r]!]!;
      owner.set(id, slot);
      held[slot] = id;
    }
  });
  const augment = (slot: number, seen: Set<number>): boolean => {
    for (const id of ranked[slotRule[slot]!]!) {
      if (seen.has(id)) continue;
      seen.add(id);
      const other = owner.get(id);
      if (other === undefined || augment(other, seen)) {
        owner.set(id, slot);
        held[slot] = id;
        return true;
      }
    }
    return false;
  };
  let missing = 0;
  held.forEach((id, slot) => {
    if (id === undefined && !augment(slot, new Set())) missing += 1;
  });
  // Rule order, each rule's questions in their rank.
  const ids = ranked.flatMap((list, r) =>
    list.filter((id) => {
      const slot = owner.get(id);
      return slot !== undefined && slotRule[slot] === r && held[slot] === id;
    }),
  );
  return { ids, missing };
}
