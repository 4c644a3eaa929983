import type { ReactNode } from 'react';

/**
 * Words true only with scripts (a map to pin on, a phone's position) beside the words true without
 * them (the place in words, its numbers typed), in a page the server renders: the browser shows one
 * of the two by the CSS media feature `scripting`, and a screen reader reads the one shown. A
 * browser that does not know the feature shows the words with scripts, as the page always did.
 */
export interface ScriptedWordsProps {
  withScripts: ReactNode;
  withoutScripts: ReactNode;
}

export function ScriptedWords({ withScripts, withoutScripts }: ScriptedWordsProps) {
  return (
    <>
      <span className="noscript:hidden">{withScripts}</span>
      <span className="hidden noscript:inline">{withoutScripts}</span>
    </>
  );
}
