import { useCallback, useEffect, useState, type DependencyList } from 'react';

/**
 * What `load` answers, read when the component shows and again whenever `deps` change or
 * `reload()` is called; an answer that arrives after the component left is dropped.
 * @example const { data, failed } = useStaffData(() => callStaff(e.staffGetExam, { params: { id } }).then((a) => a.data), [id])
 */
export function useStaffData<T>(
  load: () => Promise<T>,
  deps: DependencyList,
): { data: T | null; failed: boolean; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setFailed(false);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
    // `load` is a new function each render; what it reads is in `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, failed, reload };
}
