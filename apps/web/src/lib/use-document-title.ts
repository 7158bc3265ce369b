import { useEffect } from 'react';

const SHOP_NAME = 'KSHOP Wholesale';

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP_NAME}` : SHOP_NAME;
  }, [title]);
}
