"""An offline replay viewer: one self-contained HTML page (no network, no external script
or font) that steps through a game log of any rule set.

The state of every step (each seat's hand, melds, discards, flowers, who won) is computed
here in Python by playing the log again on the engine's own table, and embedded in the page
as JSON; the page's script only draws step ``k``. ``write_html(log, path)`` writes the page,
``page(log)`` returns it, ``LogView(log)`` shows it in Jupyter.

Open the page with ``#step=K`` to start at step K, or ``#test`` to step through every event
by itself and record what it drew (for the tests, in a headless browser).
"""
from __future__ import annotations

import html
import json
from typing import Any, Dict, List, Mapping, Optional

from .errors import MahjongError
from .tiles import TENHOU_NAMES
from .validate import is_int

__all__ = ["steps", "page", "write_html", "LogView"]


def _names(counts) -> List[str]:
    return [TENHOU_NAMES[i] for i, c in enumerate(counts) for _ in range(c)]


def _snapshot(t, seats: int) -> Dict[str, Any]:
    states = [t.seat_state(s) for s in range(seats)]
    return {"hands": [_names(t.hand_of(s)) for s in range(seats)],
            "melds": [[{"type": m["type"], "tiles": m["tiles"]} for m in t.melds_of(s)]
                      for s in range(seats)],
            "flowers": [int(st.get("flowers", 0)) for st in states],
            "ready": [bool(st["ready"]) for st in states],
            "won": [bool(st["won"]) for st in states],
            "void": [st["void_suit"] for st in states],
            "wall": int(t.wall_remaining),
            "laizi": TENHOU_NAMES[t.wildcard] if 0 <= t.wildcard < 34 else None}


def _table_states(log: Mapping[str, Any]):
    """Play ``log`` again on the table; yield ``(first, last, snapshot)``: the events
    ``first .. last - 1`` were written by one step, and ``snapshot`` is the state after them
    (``first == last == 0`` for the deal)."""
    from .game import _table, deck_of_log, play_spec
    from .game._drive import Drive

    options = log.get("options") or {}
    spec = play_spec(log["rules"], options)
    d = Drive.deal(log["rules"], options, deck_of_log(log, spec), log.get("dealer", 0),
                   log.get("round_wind", 0), setup=False)
    t = d.t
    note = log.get("note") if isinstance(log.get("note"), Mapping) else {}
    setup = (_table.PH_VOID, _table.PH_SWAP)
    first = -1          # the first event of the step just made (-1: none, or a setup step)
    for _ in d.replay(list(log["events"]), note.get("void_suits")):
        if first >= 0:
            yield first, t.n_ev, _snapshot(t, spec.seats)
        if t.phase in setup:
            continue
        if first < 0:
            yield 0, 0, _snapshot(t, spec.seats)
        first = t.n_ev
    if first >= 0:
        yield first, t.n_ev, _snapshot(t, spec.seats)


def _copy(s: Dict[str, Any]) -> Dict[str, Any]:
    return {k: ([list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list)
                else v) for k, v in s.items()}


def _describe(e: Mapping[str, Any]) -> str:
    typ = e.get("type")
    who = f"seat {e['seat']}" if "seat" in e else ""
    if typ == "draw":
        return f"{who} draws {e.get('tile')}"
    if typ == "discard":
        return f"{who} discards {e.get('tile')}"
    if typ in ("pung", "chow"):
        return f"{who} {typ}s {e.get('tiles')} from seat {e.get('from')}"
    if typ == "kong":
        what = e.get("tiles") or e.get("tile")
        return f"{who} {e.get('kind', '')} kong {what}".replace("  ", " ")
    if typ == "win":
        how = "self-draw" if e.get("from") is None else f"on seat {e['from']}'s tile"
        return f"{who} wins with {e.get('win_tile')} ({how})"
    if typ == "ready":
        return f"{who} declares ready"
    if typ == "flip":
        return f"flips {e.get('tile')}"
    if typ == "exhausted":
        return "the wall is exhausted"
    return " ".join(str(x) for x in (who, typ, e.get("tile", "")) if x)


def steps(log: Mapping[str, Any]) -> List[Dict[str, Any]]:
    """The state after the deal (step 0) and after each event (step k after event k-1):
    ``hands``, ``melds``, ``discards`` (in order; a claimed tile marked), ``flowers``,
    ``ready``, ``won``, ``wall`` (tiles left), ``event`` and ``text``."""
    if not isinstance(log, Mapping) or "wall" not in log or "rules" not in log:
        raise MahjongError("viewer: the log is not a game log (no 'rules' or 'wall')")
    events = log.get("events")
    if not isinstance(events, (list, tuple)) or \
            not all(isinstance(e, Mapping) for e in events):
        raise MahjongError("viewer: 'events' is not a list of events")
    seats = int(log.get("seats") or 4)
    by_event: List[Optional[Dict[str, Any]]] = [None] * len(events)
    deal = None
    try:
        table_states = list(_table_states(log))
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as exc:
        if isinstance(exc, MahjongError):
            raise
        raise MahjongError(f"viewer: the log cannot be replayed ({type(exc).__name__}: "
                           f"{exc})") from None
    for first, last, snap in table_states:
        if last == 0:
            deal = snap if deal is None else deal
            continue
        # one step writes one event, then draws, readies, flips or the end: undo the draws
        # backwards to get the state after each earlier event of the step
        cur = snap
        for k in range(last - 1, first - 1, -1):
            by_event[k] = cur
            if events[k]["type"] == "draw":
                cur = _copy(cur)
                cur["hands"][events[k]["seat"]].remove(events[k]["tile"])
                cur["wall"] += 1
    if deal is None or any(s is None for s in by_event):
        raise MahjongError("viewer: the log's events could not be replayed")
    out = []
    rivers: List[List[List[Any]]] = [[] for _ in range(seats)]
    for k, snap in enumerate([deal] + by_event):
        e = events[k - 1] if k else None
        if e is not None:
            if e["type"] == "discard":
                rivers[e["seat"]].append([e["tile"], 0])
            elif e["type"] in ("pung", "chow", "kong", "win") and e.get("from") is not None \
                    and rivers[e["from"]] and e["type"] != "win":
                rivers[e["from"]][-1][1] = 1          # the claimed tile
        step = dict(snap)
        step["discards"] = [[list(d) for d in r] for r in rivers]
        step["event"] = dict(e) if e is not None else {"type": "deal"}
        step["text"] = _describe(e) if e is not None else "the deal"
        step["seat"] = e.get("seat") if e is not None else None
        out.append(step)
    return out


def _ending(log: Mapping[str, Any]) -> Dict[str, Any]:
    from .ruleset import settle

    s = settle(log)
    d = s.to_dict()
    wins = []
    for key, w in (d.get("wins") or {}).items():
        e = log["events"][int(key)]
        items = w.get("items") or w.get("fans") or []
        wins.append({"seat": e.get("seat"), "from": e.get("from"), "hand": e.get("hand"),
                     "melds": e.get("melds") or [], "win_tile": e.get("win_tile"),
                     "value": w.get("value", w.get("total")),
                     "items": [{"name": i.get("name"), "en": i.get("name_en", ""),
                                "fan": i.get("fan", i.get("points")), "count": i.get("count", 1)}
                               for i in items if isinstance(i, Mapping)]})
    return {"deltas": [int(x) for x in s.deltas], "wins": wins,
            "payments": d.get("payments") or []}


_CSS = """
*{box-sizing:border-box}body{font-family:system-ui,'WenQuanYi Zen Hei',sans-serif;margin:0;
padding:8px;background:#1f5135;color:#f4f4f4}h1{font-size:1.1em;margin:4px 0}
#bar{display:flex;flex-wrap:wrap;gap:6px;align-items:center;position:sticky;top:0;
background:#1f5135;padding:4px 0;z-index:2}button{font-size:1.1em;padding:6px 14px}
#text{flex:1 1 200px;font-weight:bold}.seat{background:#2a6644;border-radius:8px;padding:6px;
margin:6px 0}.seat.now{outline:3px solid #ffd54a}.seat h2{font-size:.95em;margin:0 0 4px}
.row{display:flex;flex-wrap:wrap;gap:2px;margin:2px 0;align-items:flex-end}
.t{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
width:1.9em;height:2.6em;background:#fbf8ee;color:#222;border-radius:4px;border:1px solid #999;
font-size:1em;line-height:1.05;font-weight:bold}.t small{font-size:.7em;font-weight:normal}
.m{color:#c62828}.p{color:#1565c0}.s{color:#2e7d32}.z{color:#333}.t.back{background:#3b7dd8}
.t.lz{box-shadow:0 0 0 3px #ff9800}.t.claimed{opacity:.45}.t.new{transform:translateY(-4px)}
.gap{width:10px}.meld{margin-right:8px;display:inline-flex;gap:1px}.lab{font-size:.8em;opacity:.8;margin-right:4px}
table{border-collapse:collapse;margin:4px 0}td,th{border:1px solid #8bb;padding:2px 6px}
#end{background:#143a26;border-radius:8px;padding:6px;margin-top:8px}
"""

_JS = r"""
(function(){
var D=JSON.parse(document.getElementById('data').textContent),S=D.steps,k=0;
var HON=['东','南','西','北','白','发','中'],SU={m:'万',p:'筒',s:'条'};
function esc(x){return String(x).replace(/[&<>"]/g,function(c){return '&#'+c.charCodeAt(0)+';'});}
function tile(n,cls){var c=n.charAt(1),v=n.charAt(0),top,bot;
 if(c==='z'){top=HON[+v-1]||v;bot='';if(v==='7')c='m';else if(v==='6')c='s';}else{top=v;bot=SU[c]||c;}
 var lz=(D.laizi&&n===D.laizi)?' lz':'';
 return '<span class="t '+c+lz+(cls?' '+cls:'')+'" title="'+esc(n)+'">'+esc(top)+
   (bot?'<small>'+esc(bot)+'</small>':'')+'</span>';}
function expand(s){var out=[],ds=[];for(var i=0;i<s.length;i++){var ch=s.charAt(i);
 if('mpsz'.indexOf(ch)>=0){ds.forEach(function(d){out.push(d+ch)});ds=[];}else ds.push(ch);}
 return out;}
function meld(m){var ts=expand(m.tiles);if(m.type==='single_kong')ts=[ts[0]];
 return '<span class="meld">'+ts.map(function(t){return tile(t)}).join('')+'</span>';}
function render(){var st=S[k],h='';
 document.getElementById('text').textContent='step '+k+'/'+(S.length-1)+': '+st.text;
 document.getElementById('wall').textContent='wall: '+st.wall+' tiles left';
 for(var s=0;s<D.seats;s++){var hidden=D.view!==null&&D.view!==s;
  h+='<div class="seat'+(st.seat===s?' now':'')+'"><h2>seat '+s+(s===D.dealer?' (dealer)':'')+
   (st.won[s]?' · won':'')+(st.ready[s]?' · ready':'')+
   (st.void[s]!==null&&st.void[s]!==undefined?' · void '+esc(st.void[s]):'')+
   (st.flowers[s]?' · 花 ×'+st.flowers[s]:'')+'</h2>';
  var hand=st.hands[s];
  var last=(st.event.type==='draw'&&st.event.seat===s)?st.event.tile:null,drawn=null;
  if(last!==null&&hand.indexOf(last)>=0){hand=hand.slice();hand.splice(hand.indexOf(last),1);
   drawn=last;}
  h+='<div class="row"><span class="lab">hand</span>'+hand.map(function(t){
   return hidden?'<span class="t back"></span>':tile(t);}).join('')+(drawn===null?'':
   '<span class="gap"></span>'+(hidden?'<span class="t back new"></span>':tile(drawn,'new')))+
   '</div>';
  if(st.melds[s].length)h+='<div class="row"><span class="lab">melds</span>'+
   st.melds[s].map(meld).join('')+'</div>';
  h+='<div class="row"><span class="lab">discards</span>'+st.discards[s].map(function(d){
   return tile(d[0],d[1]?'claimed':'');}).join('')+'</div></div>';}
 document.getElementById('seats').innerHTML=h;
 var end=document.getElementById('end');
 if(k===S.length-1){var e='<h2>Result</h2>';
  D.end.wins.forEach(function(w){e+='<p>seat '+w.seat+' wins '+(w.from===null?'by self-draw':
   'on seat '+w.from+"'s discard")+' with '+tile(w.win_tile)+'</p><div class="row">'+
   expand(w.hand||'').map(function(t){return tile(t)}).join('')+' '+
   (w.melds||[]).map(meld).join('')+'</div><table><tr><th>item</th><th></th><th>fan</th><th>×</th></tr>'+
   w.items.map(function(i){return '<tr><td>'+esc(i.name)+'</td><td>'+esc(i.en)+'</td><td>'+
   esc(i.fan)+'</td><td>'+esc(i.count)+'</td></tr>'}).join('')+'</table>'+
   (w.value!==undefined&&w.value!==null?'<p>value '+esc(w.value)+'</p>':'');});
  if(!D.end.wins.length)e+='<p>no win</p>';
  e+='<table id="scores"><tr><th>seat</th><th>points</th></tr>'+D.end.deltas.map(function(d,s){
   return '<tr><td>'+s+'</td><td class="delta" data-seat="'+s+'">'+(d>0?'+':'')+d+'</td></tr>'}).join('')+
   '</table>';end.innerHTML=e;end.style.display='';}else{end.innerHTML='';end.style.display='none';}
 if(location.hash.indexOf('#test')!==0)history.replaceState(null,'','#step='+k);}
function go(n){k=Math.max(0,Math.min(S.length-1,n));render();}
document.getElementById('prev').onclick=function(){go(k-1)};
document.getElementById('next').onclick=function(){go(k+1)};
document.getElementById('first').onclick=function(){go(0)};
document.getElementById('last').onclick=function(){go(S.length-1)};
document.addEventListener('keydown',function(ev){if(ev.key==='ArrowLeft')go(k-1);
 else if(ev.key==='ArrowRight')go(k+1);else if(ev.key==='Home')go(0);else if(ev.key==='End')go(S.length-1);});
var m=/#step=(\d+)/.exec(location.hash);
if(location.hash.indexOf('#test')===0){var log=[];go(0);
 for(var i=0;i<S.length;i++){if(i>0){if(i%2)document.dispatchEvent(new KeyboardEvent('keydown',
  {key:'ArrowRight'}));else document.getElementById('next').click();}
  log.push(document.getElementById('text').textContent+' | '+
   document.getElementById('seats').querySelectorAll('.t').length);}
 var r=document.createElement('pre');r.id='testlog';r.textContent=log.join('\n');
 document.body.appendChild(r);var d=document.createElement('div');d.id='testdone';
 d.textContent='shown '+log.length;document.body.appendChild(d);}
else go(m?+m[1]:0);
})();
"""

_ONERROR = ("<script>window.__errors=[];window.onerror=function(m,s,l){var p=document."
            "getElementById('errors');if(p)p.textContent+='ERROR '+m+' line '+l+'\\n';};"
            "</script>")


def page(log: Mapping[str, Any], seat: Optional[int] = None, title: Optional[str] = None) -> str:
    """The replay page of one game log, as one HTML string. ``seat``: show only that seat's
    hand (the others face down)."""
    st = steps(log)
    seats = len(st[0]["hands"])
    if seat is not None and (not is_int(seat) or not 0 <= seat < seats):
        raise MahjongError(f"seat: {seat!r} is not a seat (0..{seats - 1})")
    seat = None if seat is None else int(seat)  # (a numpy integer is no JSON number)
    laizi = st[-1]["laizi"]
    data = {"rules": log["rules"], "seats": seats, "dealer": log.get("dealer", 0),
            "view": seat, "laizi": laizi, "steps": st, "end": _ending(log)}
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    head = title or f"{log['rules']} hand"
    info = f"rules {log['rules']} · dealer seat {data['dealer']}"
    if log.get("indicator"):
        info += f" · indicator {log['indicator']}"
    if laizi:
        info += f" · 赖子 {laizi} (ringed)"
    if log.get("flower_indicators"):
        info += " · 花牌 shown " + " ".join(str(t) for t in log["flower_indicators"])
    if seat is not None:
        info += f" · seat {seat}'s view"
    return ("<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{html.escape(head)}</title><style>{_CSS}</style>{_ONERROR}</head><body>"
            f"<h1>{html.escape(head)}</h1><div>{html.escape(info)}</div>"
            "<div id=\"bar\"><button id=\"first\">|◀</button><button id=\"prev\">◀</button>"
            "<button id=\"next\">▶</button><button id=\"last\">▶|</button>"
            "<span id=\"text\"></span><span id=\"wall\"></span></div><div id=\"seats\"></div><div id=\"end\"></div>"
            "<pre id=\"errors\"></pre>"
            f"<script type=\"application/json\" id=\"data\">{blob}</script>"
            f"<script>{_JS}</script></body></html>")


def write_html(log: Mapping[str, Any], path: str, seat: Optional[int] = None) -> int:
    """Write the page of ``log`` to ``path``; return its size in bytes."""
    data = page(log, seat=seat).encode("utf-8")
    with open(path, "wb") as f:
        f.write(data)
    return len(data)


class LogView:
    """A game log shown in Jupyter as the replay page (in an iframe)."""

    def __init__(self, log: Mapping[str, Any], seat: Optional[int] = None):
        self.log = log
        self.seat = seat

    def html(self) -> str:
        return page(self.log, seat=self.seat)

    def _repr_html_(self) -> str:
        return ("<iframe style=\"width:100%;height:640px;border:0\" srcdoc=\""
                f"{html.escape(self.html(), quote=True)}\"></iframe>")
