/** The inline stylesheet of the HTML report (no external assets). */
export const htmlStyle = `
:root{--ok:#1a7f37;--bad:#cf222e;--err:#bc4c00;--skip:#6e7781;--block:#8250df;--note:#0969da;--none:#afb8c1;--bg:#f6f8fa;--fg:#1f2328;--line:#d0d7de}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:#fff}
header{padding:14px 28px;color:#fff}header.conforms{background:var(--ok)}header.does-not-conform{background:var(--bad)}header.not-run,header.interrupted,header.inconclusive{background:var(--skip)}header.known-failures{background:#9a6700}
header p.gate-line{font-weight:600;opacity:1}
header h1{margin:0 0 2px;font-size:20px}header p{margin:0;opacity:.92;font-size:13px}
nav{position:sticky;top:0;z-index:2;background:#fff;border-bottom:1px solid var(--line);padding:6px 28px;display:flex;gap:18px;font-size:13px}
nav a{color:var(--note);text-decoration:none;font-weight:600}nav a:hover{text-decoration:underline}nav .count{color:var(--skip);font-weight:400}
main{padding:0 28px 40px;max-width:1280px}h2{margin:18px 0 8px;font-size:17px;border-bottom:1px solid var(--line);padding-bottom:3px;scroll-margin-top:40px}
.cards{display:flex;gap:12px;flex-wrap:wrap;margin-top:12px}.card{border:1px solid var(--line);border-radius:8px;padding:8px 14px;min-width:110px;background:var(--bg)}
.card b{display:block;font-size:22px}.bar{height:10px;background:var(--none);border-radius:5px;overflow:hidden;display:flex;margin-top:6px}
.bar span{display:block;height:100%}
table{border-collapse:collapse;width:100%;margin-top:6px}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{background:var(--bg);position:sticky;top:0}nav~main th{top:32px}table.ops td,table.ops th{padding:3px 8px}table.ops td:nth-child(4){word-break:break-word}
.pill{display:inline-block;padding:0 8px;border-radius:10px;color:#fff;font-size:12px;font-weight:600;white-space:nowrap}
.passed,.works{background:var(--ok)}.failed,.not-implemented,.refuses-valid-input{background:var(--bad)}.errored,.wrong-shape{background:var(--err)}
.skipped,.unproven,.not-tried{background:var(--skip)}.blocked{background:var(--block)}.noted{background:var(--note)}.not-covered,.uncheckable{background:var(--none)}
.failure{border:1px solid var(--line);border-left:5px solid var(--bad);border-radius:6px;padding:8px 14px;margin:8px 0}
.failure.errored-box{border-left-color:var(--err)}.failure.known-box{border-left-color:#9a6700}.failure.root{background:#fff8f8}
.failure .head{display:flex;gap:8px;align-items:baseline;flex-wrap:wrap}.blocks{margin-left:auto;font-weight:600;color:var(--block)}
.answer{margin:4px 0;font-weight:600}.answer code{background:var(--bg);padding:1px 6px;border-radius:4px;font-weight:400}
pre{background:var(--bg);padding:8px;border-radius:6px;overflow:auto;white-space:pre-wrap;word-break:break-all;margin:6px 0;max-height:24em}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12.5px}.muted{color:var(--skip)}
.baseline-new,.baseline-expired{background:var(--bad)}.baseline-fixed{background:var(--block)}.baseline-known{background:#9a6700}.baseline-not-judged{background:var(--skip)}
.gate{padding:6px 10px;border-radius:6px}.gate.passes{background:#fff8c5}.gate.fails{background:#ffebe9}
details summary{cursor:pointer;font-weight:600;margin:6px 0}.ids{display:flex;flex-wrap:wrap;gap:4px 10px}
`;
