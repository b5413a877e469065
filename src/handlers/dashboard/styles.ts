/**
 * The dashboard's CSS, every rule scoped under `.gm` so that mounting the dashboard inside an
 * application page (the worker door) leaves the page's own styles alone.
 */
export const DASHBOARD_CSS = `
.gm{--bg:#f6f7f9;--card:#fff;--fg:#1d2330;--mute:#687285;--line:#e2e5eb;--acc:#2f6fdb;--ok:#18794e;--okb:#ddf3e6;--bad:#c22a2a;--badb:#fbe2e2;--wait:#8a5a00;--waitb:#fdf0cf;--warnb:#fff6d6;
font:13px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);padding:12px;box-sizing:border-box}
@media (prefers-color-scheme:dark){.gm{--bg:#14171c;--card:#1c2027;--fg:#e4e7ec;--mute:#8d96a7;--line:#2c323c;--acc:#6d9eff;--ok:#5fd39b;--okb:#173a2a;--bad:#ff8080;--badb:#43201f;--wait:#f1c061;--waitb:#3d3117;--warnb:#3a3216}}
.gm *{box-sizing:border-box}
.gm h1{font-size:16px;margin:0 8px 0 0}
.gm h2{font-size:12px;margin:0 0 8px;text-transform:uppercase;letter-spacing:.06em;color:var(--mute)}
.gm h2 small{font-weight:400;text-transform:none;letter-spacing:0;margin-left:6px}
.gm .head{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;margin-bottom:12px}
.gm .grp{display:flex;align-items:center;gap:6px;flex-wrap:wrap}
.gm .lbl{color:var(--mute)}
.gm .now{font:600 14px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.gm .mode{font-size:11px;padding:1px 7px;border-radius:9px;background:var(--line)}
.gm button,.gm input,.gm select{font:inherit;color:inherit;background:var(--card);border:1px solid var(--line);border-radius:5px;padding:3px 8px}
.gm button{cursor:pointer}
.gm button:hover{border-color:var(--acc);color:var(--acc)}
.gm input[type=number]{width:72px}
.gm .state{margin-left:auto;font-size:12px;color:var(--mute)}
.gm .state.err{color:var(--bad)}
.gm .grid{display:grid;grid-template-columns:minmax(0,1fr) 280px;gap:12px;align-items:start}
.gm .card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px 12px;min-width:0}
.gm .wide{grid-column:1/-1}
.gm table{width:100%;border-collapse:collapse}
.gm th{text-align:left;font-weight:500;color:var(--mute);font-size:11px;padding:3px 6px;border-bottom:1px solid var(--line);white-space:nowrap}
.gm td{padding:5px 6px;border-bottom:1px solid var(--line);vertical-align:top}
.gm .nw{white-space:nowrap}
.gm .scroll{overflow-x:auto}
.gm .jr td{font-size:12px}
.gm .notes{min-width:260px}
.gm .mute{color:var(--mute)}
.gm tr:last-child td{border-bottom:0}
.gm .mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
.gm .sub{display:block;color:var(--mute);font-size:11px}
.gm .clip{max-width:220px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.gm .st{display:inline-block;font-size:11px;font-weight:600;padding:0 7px;border-radius:9px}
.gm .s0{color:var(--wait);background:var(--waitb)}
.gm .s1{color:var(--ok);background:var(--okb)}
.gm .s2{color:var(--bad);background:var(--badb)}
.gm .code{color:var(--bad)}
.gm .tag{display:inline-block;font-size:11px;padding:0 5px;border-radius:4px;border:1px solid var(--line);color:var(--mute);margin-left:4px}
.gm .media{display:flex;gap:4px;flex-wrap:wrap}
.gm .media img{height:48px;max-width:96px;border-radius:4px;display:block;background:var(--line)}
.gm .media video{width:128px;border-radius:4px;display:block;background:#000}
.gm .ph{font-size:11px;color:var(--mute);border:1px dashed var(--line);border-radius:4px;padding:4px 6px;display:inline-block}
.gm .empty{color:var(--mute);padding:8px 0}
.gm .acct{border-bottom:1px solid var(--line);padding:6px 0}
.gm .acct:last-child{border-bottom:0}
.gm .acct>div{display:flex;align-items:baseline;gap:6px}
.gm .acct strong{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0}
.gm .cr{margin-left:auto;font:600 15px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.gm ul{list-style:none;margin:4px 0 0;padding:0;max-height:150px;overflow:auto}
.gm li{display:grid;grid-template-columns:56px 52px 48px 1fr;gap:4px;font-size:11px;padding:1px 0;color:var(--mute)}
.gm .amt{text-align:right;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.gm .pos{color:var(--ok)}
.gm .neg{color:var(--bad)}
.gm .scn{flex:1 1 100%;flex-wrap:nowrap;min-width:0}
.gm .desc{color:var(--mute);font-size:12px;flex:1;min-width:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.gm tr.warn td{background:var(--warnb)}
.gm .w{color:var(--wait);font-size:12px}
.gm .h2{color:var(--ok)}
.gm .h4{color:var(--wait)}
.gm .h5,.gm .h0{color:var(--bad)}
@media (max-width:900px){.gm .grid{grid-template-columns:1fr}}
`
