import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, type DataProvider, type Identifier } from 'react-admin';
import type { StaffQuestion } from '@dars/contract';
import { listAllByPosition } from '../../data/list-all';
import { failureOf } from '../../data/failure';

/** Every question of an exam in position order. */
export function loadQuestions(
  dataProvider: DataProvider,
  examId: Identifier,
): Promise<StaffQuestion[]> {
  return listAllByPosition<StaffQuestion>(dataProvider, 'questions', { exam_id: examId });
}

/**
 * An exam's questions, read again by `reload()` after a change; `error` is the server's
 * message when the read failed.
 */
export function useExamQuestions(examId: Identifier | undefined) {
  const dataProvider = useDataProvider();
  const [questions, setQuestions] = useState<StaffQuestion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (examId === undefined) return;
    let live = true;
    loadQuestions(dataProvider, examId).then(
      (rows) => {
        if (!live) return;
        setQuestions(rows);
        setError(null);
      },
      (e: unknown) => live && setError(failureOf(e).message),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, examId, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { questions, error, reload };
}
