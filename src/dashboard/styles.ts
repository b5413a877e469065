/**
 * The dashboard's CSS, every rule scoped under `.gm` so that mounting the dashboard inside an
 * application page leaves the page's own styles alone. Nothing is cut with an ellipsis: long ids,
 * paths and descriptions wrap, so the page fits 1024 px and every name can be read in full.
 */
export const DASHBOARD_CSS = `
.gm{--bg:#f6f7f9;--card:#fff;--fg:#1d2330;--mute:#5f6979;--line:#dde1e8;--acc:#2360c9;--ok:#17704a;--okb:#ddf3e6;
--bad:#b92525;--badb:#fbe2e2;--wait:#7a4f00;--waitb:#fdf0cf;--warnb:#fff6d6;
font:13px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);padding:12px;
box-sizing:border-box;color-scheme:light dark}
@media (prefers-color-scheme:dark){.gm{--bg:#14171c;--card:#1c2027;--fg:#e4e7ec;--mute:#9aa3b2;--line:#2f3641;
--acc:#7aa7ff;--ok:#5fd39b;--okb:#173a2a;--bad:#ff8a8a;--badb:#43201f;--wait:#f1c061;--waitb:#3d3117;--warnb:#3a3216}}
.gm *{box-sizing:border-box}
.gm h1{font-size:16px;margin:0 8px 0 0}
.gm h2{display:flex;flex-wrap:wrap;align-items:center;gap:6px;font-size:12px;margin:0 0 8px;text-transform:uppercase;
letter-spacing:.06em;color:var(--mute)}
.gm h2 small{font-weight:400;text-transform:none;letter-spacing:0;margin-right:auto}
.gm h2 select,.gm h2 input{text-transform:none;letter-spacing:0}
.gm .pager{display:inline-flex;gap:4px}
.gm .pager[hidden]{display:none}
.gm .pager button{font-size:11px;padding:1px 7px;text-transform:none;letter-spacing:0}
.gm .pager button:disabled{opacity:.45;cursor:default;border-color:var(--line);color:inherit}
.gm h3{font-size:12px;margin:12px 0 4px;color:var(--mute)}
.gm .head{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;margin-bottom:8px}
.gm .grp{display:flex;align-items:center;gap:6px;flex-wrap:wrap}
.gm .end{margin-left:auto}
.gm .lbl{color:var(--mute)}
.gm .now{font:600 14px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.gm .mode{font-size:11px;padding:1px 7px;border-radius:9px;background:var(--line)}
.gm button,.gm input,.gm select{font:inherit;color:inherit;background:var(--card);border:1px solid var(--line);
border-radius:5px;padding:3px 8px;max-width:100%}
.gm button{cursor:pointer}
.gm button:hover{border-color:var(--acc);color:var(--acc)}
.gm :focus-visible{outline:2px solid var(--acc);outline-offset:1px}
.gm button.link{border:0;background:none;padding:0;color:var(--acc);text-align:left;overflow-wrap:anywhere}
.gm button.link:hover{text-decoration:underline}
.gm input[type=number]{width:80px}
.gm input[type=checkbox]{vertical-align:middle;margin:0 4px 0 0}
.gm .state{font-size:12px;color:var(--mute)}
.gm .err{color:var(--bad)}
.gm .out{min-height:18px;margin:0 0 8px;font-size:12px;color:var(--mute);overflow-wrap:anywhere}
.gm .grid{display:grid;grid-template-columns:minmax(0,1fr) minmax(300px,360px);gap:12px;align-items:start}
.gm .col{display:grid;gap:12px;min-width:0}
.gm .box{max-height:max(240px,38vh);overflow:auto}
.gm .box th{position:sticky;top:0;background:var(--card)}
.gm .card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px 12px;min-width:0}
.gm table{width:100%;border-collapse:collapse}
.gm th{text-align:left;font-weight:500;color:var(--mute);font-size:11px;padding:3px 6px;
border-bottom:1px solid var(--line)}
.gm td{padding:5px 6px;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:break-word}
.gm td .sub{max-width:44ch}
.gm .scroll{overflow-x:auto}
.gm .jr td{font-size:12px}
.gm .jr td.mono:not(.path){overflow-wrap:normal;white-space:nowrap}
.gm tr:last-child td{border-bottom:0}
.gm .mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px;overflow-wrap:anywhere}
.gm .sub{display:block;color:var(--mute);font-size:11px;overflow-wrap:anywhere}
.gm .st{white-space:nowrap;display:inline-block;font-size:11px;font-weight:600;padding:0 7px;border-radius:9px}
.gm .s0{color:var(--wait);background:var(--waitb)}
.gm .s1{color:var(--ok);background:var(--okb)}
.gm .s2{color:var(--bad);background:var(--badb)}
.gm .code{color:var(--bad)}
.gm .tag{display:inline-block;font-size:11px;padding:0 5px;border-radius:4px;border:1px solid var(--line);
color:var(--mute);margin-left:4px}
.gm .media{display:flex;gap:4px;flex-wrap:wrap}
.gm .media img{height:48px;max-width:96px;border-radius:4px;display:block;background:var(--line)}
.gm .media video{width:128px;max-width:100%;border-radius:4px;display:block;background:#000}
.gm .panel .media img{height:96px;max-width:192px}
.gm .panel .media video{width:256px}
.gm .empty{color:var(--mute);padding:8px 0}
.gm .acct{border-bottom:1px solid var(--line);padding:6px 0;display:grid;gap:4px}
.gm .acct:last-of-type{border-bottom:0}
.gm .top{display:flex;align-items:baseline;gap:6px;flex-wrap:wrap}
.gm .top strong{overflow-wrap:anywhere;min-width:0}
.gm .cr{margin-left:auto;font:600 15px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.gm .refused .cr{color:var(--mute);text-decoration:line-through}
.gm .refused .tag{color:var(--bad);border-color:currentColor}
.gm .clk{display:inline-flex;margin-left:8px}
.gm .new{border-top:1px solid var(--line);padding-top:8px;margin-top:4px}
.gm .new input:not([type]){width:96px}
.gm .new input[type=number]{width:72px}
.gm ul{list-style:none;margin:0;padding:0;max-height:160px;overflow:auto}
.gm li{display:grid;grid-template-columns:56px 50px 44px minmax(0,1fr);gap:4px;font-size:11px;padding:1px 0;
color:var(--mute)}
.gm li .mono{font-size:11px}
.gm .findings li,.gm .reqs li{display:block;padding:3px 0;border-bottom:1px solid var(--line)}
.gm .reqs button{margin-right:8px}
.gm .findings{max-height:260px}
.gm .coverage{display:flex;flex-wrap:wrap;gap:4px;max-height:none}
.gm .coverage li{display:block;padding:0}
.gm .steps li{grid-template-columns:72px minmax(0,1fr) 90px;font-size:12px;color:var(--fg)}
.gm .steps li.later{color:var(--mute);font-style:italic}
.gm .amt{text-align:right;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.gm .pos{color:var(--ok)}
.gm .neg{color:var(--bad)}
.gm .scn{flex:1 1 100%;min-width:0;flex-wrap:nowrap;align-items:baseline}
.gm .desc{color:var(--mute);font-size:12px;flex:1;min-width:0}
.gm tr.warn td{background:var(--warnb)}
.gm .w{color:var(--wait);font-size:12px;margin-right:6px}
.gm .h2{color:var(--ok)}
.gm .h4{color:var(--wait)}
.gm .h5,.gm .h0{color:var(--bad)}
.gm pre{margin:0;padding:8px;background:var(--bg);border:1px solid var(--line);border-radius:6px;
font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap;overflow-wrap:anywhere;
max-height:320px;overflow:auto}
.gm .kv th{width:34%;font-size:12px;border-bottom:1px solid var(--line);overflow-wrap:anywhere}
.gm .panel{position:fixed;top:0;right:0;bottom:0;width:min(620px,100vw);overflow:auto;background:var(--card);
border-left:1px solid var(--line);box-shadow:-8px 0 24px #0003;padding:12px 16px;z-index:2147483600}
.gm .panel[hidden]{display:none}
.gm .panel>.top h2{margin:0;flex:1;text-transform:none;letter-spacing:0;font-size:14px;color:var(--fg);
overflow-wrap:anywhere}
.gm .panel p{margin:6px 0}
@media (max-width:1100px){.gm .grid{grid-template-columns:minmax(0,1fr)}}
`
