import type { CategoryIcon } from '@mamoudzou/domain/citizen-page';

/** The categories' pictures, drawn by hand (24 × 24, the colour of the text): no icon library on this page. */
const PATHS: Record<CategoryIcon, string> = {
  lampe: 'M9 21h6M10 17h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.3 1 2.1h5c0-.8.4-1.6 1-2.1A6 6 0 0 0 12 3z',
  route: 'M5 21 9 3M19 21 15 3M12 5v3M12 11v3M12 17v3',
  dechets: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  eau: 'M12 3s6 7 6 11a6 6 0 0 1-12 0c0-4 6-11 6-11z',
  arbre: 'M12 21v-6M12 3a5 5 0 0 0-5 5 4 4 0 0 0 1 7h8a4 4 0 0 0 1-7 5 5 0 0 0-5-5z',
  banc: 'M3 10h18M4 14h16M6 14v5M18 14v5M5 10V7h14v3',
  panneau: 'M12 3 3 19h18L12 3zM12 10v4M12 17v.5',
  autre: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v6M12 16v.5',
};

export function CategoryPicture({ icon }: { icon: CategoryIcon }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d={PATHS[icon] ?? PATHS.autre} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
