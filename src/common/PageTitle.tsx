import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

const CONTAINER_ID = 'react-admin-title';
const container = () => (typeof document === 'undefined' ? null : document.getElementById(CONTAINER_ID));

/**
 * The page's title in the app bar (react-admin's TitlePortal, #react-admin-title), put there as
 * react-admin's <Title> does, without its "configurable" variant: this app has no preferences editor,
 * and that variant's popover and inputs were part of every screen's first load.
 */
export function PageTitle({ title }: { title: string }) {
  const [target, setTarget] = useState<HTMLElement | null>(container);
  // On the first render the app bar may not be in the document yet.
  useEffect(() => setTarget((current) => (current && document.body.contains(current) ? current : container())), []);
  return target ? createPortal(<span>{title}</span>, target) : null;
}
