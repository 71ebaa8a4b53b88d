import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** A relative link of a Markdown file: where it is and what it points to. */
export interface MarkdownLink {
  readonly line: number;
  readonly target: string;
}

/** The text outside fenced code blocks and inline code spans, line by line (links in code are examples, not links). */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** Every link of the file that is not a URL with a scheme (http:, https:, mailto: ...): `[text](target)` and `[text]: target`. */
export function relativeLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  proseLines(markdown).forEach((line, index) => {
    const inline = [...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] as string);
    const reference = /^\s*\[[^\]]+\]:\s*(\S+)/.exec(line)?.[1];
    for (const target of [...inline, ...(reference ? [reference] : [])]) if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ line: index + 1, target });
  });
  return links;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped but `-` and `_`, spaces to `-`; repeats get -1, -2 ... */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  for (const line of proseLinesKeepingHeadings(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const seen = counts.get(slug) ?? 0;
    counts.set(slug, seen + 1);
    anchors.add(seen === 0 ? slug : `${slug}-${seen}`);
  }
  for (const m of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(m[1] as string);
  return anchors;
}

/** Lines outside fenced code (headings keep their inline code, which GitHub's anchor keeps as text). */
function proseLinesKeepingHeadings(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    return !fenced;
  });
}

/** The Markdown files whose links are checked: README.md, ARCHITECTURE.md and every .md under docs/. */
export function documentationFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir)).flatMap((name) => {
      const path = join(dir, name);
      return statSync(join(root, path)).isDirectory() ? walk(path) : name.endsWith('.md') ? [path] : [];
    });
  return ['README.md', 'ARCHITECTURE.md', ...walk('docs').sort()];
}

/**
 * The broken links of one file, as `file:line: target (why)`. A link that leaves the repository (`../shared/...`, the
 * spec beside the clone) is not checked: the clone does not hold it.
 */
export function brokenLinks(root: string, file: string): string[] {
  const markdown = readFileSync(join(root, file), 'utf8');
  const broken: string[] = [];
  for (const { line, target } of relativeLinks(markdown)) {
    const [pathPart = '', anchor] = target.split('#') as [string, string | undefined];
    const path = pathPart === '' ? join(root, file) : resolve(dirname(join(root, file)), decodeURI(pathPart));
    if (relative(root, path).startsWith('..')) continue;
    const where = `${file}:${line}: ${target}`;
    if (!existsSync(path)) broken.push(`${where} (no such file)`);
    else if (anchor !== undefined && anchor !== '') {
      if (!path.endsWith('.md')) broken.push(`${where} (an anchor into a file that is not Markdown)`);
      else if (!headingAnchors(readFileSync(path, 'utf8')).has(anchor)) broken.push(`${where} (no heading with that anchor)`);
    }
  }
  return broken;
}
