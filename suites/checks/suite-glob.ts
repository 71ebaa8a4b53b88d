/**
 * A matcher for a --suite pattern: `*` matches within a path segment, `**` across segments, `?` one character;
 * a pattern without wildcards also matches the suites below it (`contract` matches `contract/messages`).
 */
export function suiteMatcher(pattern: string): (suite: string) => boolean {
  const trimmed = pattern.replace(/\/+$/, '');
  if (!/[*?]/.test(trimmed)) return (suite) => suite === trimmed || suite.startsWith(`${trimmed}/`);
  let source = '';
  for (let i = 0; i < trimmed.length; i++) {
    const char = trimmed[i] as string;
    if (char === '*' && trimmed[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  const regex = new RegExp(`^${source}$`);
  return (suite) => regex.test(suite);
}
