import { useEffect } from 'react';

/** 'Orders · KSHOP Back office': each screen names itself in the tab. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · KSHOP Back office` : 'KSHOP Back office';
  }, [title]);
}
