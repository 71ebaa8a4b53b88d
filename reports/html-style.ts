/** The inline stylesheet of the HTML report (no external assets). */
export const htmlStyle = `
:root{--ok:#1a7f37;--bad:#cf222e;--err:#bc4c00;--skip:#6e7781;--none:#afb8c1;--bg:#f6f8fa;--fg:#1f2328;--line:#d0d7de}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:#fff}
header{padding:20px 28px;color:#fff}header.conforms{background:var(--ok)}header.does-not-conform{background:var(--bad)}header.not-run{background:var(--skip)}
header h1{margin:0 0 4px;font-size:22px}header p{margin:0;opacity:.9}
main{padding:0 28px 40px;max-width:1280px}h2{margin:28px 0 10px;font-size:18px;border-bottom:1px solid var(--line);padding-bottom:4px}
.cards{display:flex;gap:12px;flex-wrap:wrap;margin-top:18px}.card{border:1px solid var(--line);border-radius:8px;padding:10px 16px;min-width:120px;background:var(--bg)}
.card b{display:block;font-size:24px}.bar{height:10px;background:var(--none);border-radius:5px;overflow:hidden;display:flex;margin-top:6px}
.bar span{display:block;height:100%}
table{border-collapse:collapse;width:100%;margin-top:8px}th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{background:var(--bg);position:sticky;top:0}
.pill{display:inline-block;padding:0 8px;border-radius:10px;color:#fff;font-size:12px;font-weight:600}
.passed{background:var(--ok)}.failed{background:var(--bad)}.errored{background:var(--err)}.skipped{background:var(--skip)}.unproven{background:var(--skip)}.not-covered{background:var(--none)}
.failure{border:1px solid var(--line);border-left:5px solid var(--bad);border-radius:6px;padding:10px 14px;margin:10px 0}
.failure.errored-box{border-left-color:var(--err)}
pre{background:var(--bg);padding:8px;border-radius:6px;overflow:auto;white-space:pre-wrap;word-break:break-all;margin:6px 0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12.5px}.muted{color:var(--skip)}
details summary{cursor:pointer;font-weight:600;margin:8px 0}
`;
