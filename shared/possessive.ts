/**
 * A name in the possessive, as people write it: "Biscuit's", but "Whiskers'" for a name that
 * already ends in s. Every sentence that says whose something is goes through here.
 */
export const possessive = (name: string) => {
  const trimmed = name.trimEnd();
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
};
