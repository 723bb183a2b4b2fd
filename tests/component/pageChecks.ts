/** « Vérification de l'authentification... »: the session check's message. */
export const SESSION_CHECK = "Vérification de l'authentification...";

/**
 * Watches the page's main region (`#main-content`, inside the app's frame) from now on and tells whether `text`
 * ever showed there, however briefly: a check that the layout already made and the screen made again shows for a
 * render or two only, which a `findBy` after the fact cannot see.
 */
export function watchPageFor(text: string) {
  let seen = false;
  const look = () => {
    if (document.getElementById('main-content')?.textContent?.includes(text)) seen = true;
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return {
    seen: () => {
      look();
      return seen;
    },
    stop: () => observer.disconnect(),
  };
}
