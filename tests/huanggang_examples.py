"""The worked examples of the Huanggang rules as records (赖子皮 3p → 赖子 4p unless
stated; E = seat 0 is the dealer; seats E S W N = 0 1 2 3). Shared by the tests and the
settlement benchmark."""


def pung(t):
    return {"type": "pung", "tiles": t}


def chow(t):
    return {"type": "chow", "tiles": t}


def kong(t):
    return {"type": "kong", "tiles": t}


def ckong(t):
    return {"type": "concealed_kong", "tiles": t}


def single(t):
    return {"type": "single_kong", "tiles": t}


def record(events, final, indicator="3p", dealer=0, **extra):
    out = {"rules": "huanggang", "dealer": dealer, "indicator": indicator, "events": events,
           "final": {str(k): v for k, v in final.items()}}
    out.update(extra)
    return out


def example_1():
    """屁胡 self-draw (口口番): W +144, E −64, S −16, N −64."""
    return record(
        [{"type": "pung", "seat": 0, "tiles": "111s", "from": 1},
         {"type": "chow", "seat": 2, "tiles": "345m", "from": 1},
         {"type": "pung", "seat": 2, "tiles": "888p", "from": 3},
         {"type": "chow", "seat": 3, "tiles": "123s", "from": 2},
         {"type": "chow", "seat": 3, "tiles": "789s", "from": 2},
         {"type": "win", "seat": 2, "hand": "234s567s55m", "melds": [chow("345m"), pung("888p")],
          "win_tile": "7s"}],
        {0: {"hand": "123456789m1z", "melds": [pung("111s")]},
         1: {"hand": "1112345678999p"},
         3: {"hand": "1234567z", "melds": [chow("123s"), chow("789s")]}})


def example_2(hard=False):
    """赖子皮 1z → 赖子 2z. W: [777s][9999m 冲杠]234p67s5m2z + 8s from N (one chow). Soft:
    32 < 64, refused; with a real 5m (硬胡): W +64, N −64."""
    hand = "234p67s5m5m8s" if hard else "234p67s5m2z8s"
    return record(
        [{"type": "pung", "seat": 2, "tiles": "777s", "from": 1},
         {"type": "kong", "seat": 2, "kind": "exposed", "tile": "9m", "from": 0},
         {"type": "chow", "seat": 3, "tiles": "123p", "from": 2},
         {"type": "win", "seat": 2, "hand": hand, "melds": [pung("777s"), kong("9999m")],
          "win_tile": "8s", "from": 3}],
        {0: {"hand": "1234567m1234p11z"},
         1: {"hand": "5678p1234s33z44z5z"},
         3: {"hand": "99s666m777m88m", "melds": [chow("123p")]}},
        indicator="1z")


def example_3():
    """清一色 self-draw with a 红中杠: W +1520, E −480, S −240, N −800 (capped)."""
    return record(
        [{"type": "pung", "seat": 2, "tiles": "111m", "from": 1},
         {"type": "pung", "seat": 0, "tiles": "111p", "from": 3},
         {"type": "kong", "seat": 2, "kind": "single", "tile": "7z"},
         {"type": "pung", "seat": 2, "tiles": "999m", "from": 3},
         {"type": "pung", "seat": 3, "tiles": "222p", "from": 1},
         {"type": "kong", "seat": 3, "kind": "concealed", "tile": "9p"},
         {"type": "win", "seat": 2, "hand": "234m567m88m",
          "melds": [pung("111m"), pung("999m"), single("7z")], "win_tile": "5m"}],
        {0: {"hand": "345p678p11z22z", "melds": [pung("111p")]},
         1: {"hand": "123456789s333z4z"},
         3: {"hand": "567s55z66z", "melds": [pung("222p"), ckong("9999p")]}})


def example_4(s_opened=False, none_opened=False):
    """碰碰胡 杠上开花 (base 20), every share ≥ 800: E and N have opened, S has not →
    E −1200, N −1200, S −1500, W +3900 (all opened: 3 × 1200; none: 3 × 2000)."""
    events = [{"type": "pung", "seat": 2, "tiles": "333p", "from": 1},
              {"type": "pung", "seat": 2, "tiles": "777s", "from": 3}]
    final = {0: {"hand": "1234m6789m1z2z3z4z5z"}, 1: {"hand": "123456789p123s4s"},
             3: {"hand": "456s999s11z22z33z4z"}}
    if not none_opened:
        events += [{"type": "pung", "seat": 0, "tiles": "111z", "from": 3},
                   {"type": "pung", "seat": 3, "tiles": "222z", "from": 0}]
        final[0] = {"hand": "1234m6789m4z5z", "melds": [pung("111z")]}
        final[3] = {"hand": "456s999s333z4z", "melds": [pung("222z")]}
    if s_opened:
        events.append({"type": "chow", "seat": 1, "tiles": "123p", "from": 0})
        final[1] = {"hand": "456789p123s4s", "melds": [chow("123p")]}
    events += [{"type": "kong", "seat": 2, "kind": "added", "tile": "7s"},
               {"type": "kong", "seat": 2, "kind": "concealed", "tile": "5m"},
               {"type": "win", "seat": 2, "hand": "888m22s",
                "melds": [pung("333p"), kong("7777s"), ckong("5555m")], "win_tile": "8m",
                "replacement": True}]
    return record(events, final)


def example_5():
    """抢杠 → 承包: E adds 6p to [666p], S robs it: S +640, E −640."""
    return record(
        [{"type": "pung", "seat": 0, "tiles": "666p", "from": 2},
         {"type": "chow", "seat": 1, "tiles": "123s", "from": 0},
         {"type": "pung", "seat": 1, "tiles": "999m", "from": 3},
         {"type": "pung", "seat": 3, "tiles": "111z", "from": 2},
         {"type": "pung", "seat": 3, "tiles": "222z", "from": 0},
         {"type": "win", "seat": 1, "hand": "456s78p22m6p",
          "melds": [chow("123s"), pung("999m")], "win_tile": "6p", "from": 0,
          "robbing_kong": True}],
        {0: {"hand": "1234567m33z4z", "melds": [pung("666p")]},
         2: {"hand": "1234578p55z66z77z"},
         3: {"hand": "789s345m7z", "melds": [pung("111z"), pung("222z")]}})


def example_6(n_tenpai=True):
    """全求人: W {234m}[666p][888s]{345s} + 5m from N (one pung): W +1920, N −800,
    E −320, S −800; N not ready → 承包: N −1920."""
    n_hand = "123m456m789m5s" if n_tenpai else "1m3m5m2p4p8p7s9s3z4z"
    return record(
        [{"type": "chow", "seat": 2, "tiles": "234m", "from": 1},
         {"type": "pung", "seat": 2, "tiles": "666p", "from": 0},
         {"type": "pung", "seat": 2, "tiles": "888s", "from": 0},
         {"type": "chow", "seat": 2, "tiles": "345s", "from": 1},
         {"type": "pung", "seat": 3, "tiles": "111z", "from": 1},
         {"type": "pung", "seat": 1, "tiles": "222z", "from": 3},
         {"type": "pung", "seat": 1, "tiles": "333z", "from": 0},
         {"type": "win", "seat": 2, "hand": "5m5m",
          "melds": [chow("234m"), pung("666p"), pung("888s"), chow("345s")],
          "win_tile": "5m", "from": 3}],
        {0: {"hand": "6789m1234567p99s"},
         1: {"hand": "1234567s", "melds": [pung("222z"), pung("333z")]},
         3: {"hand": n_hand, "melds": [pung("111z")]}})


def example_7():
    """风一色 self-draw, all three losers have opened → 金顶: W +3600, E/S/N −1200."""
    return record(
        [{"type": "pung", "seat": 2, "tiles": "111z", "from": 1},
         {"type": "pung", "seat": 2, "tiles": "222z", "from": 3},
         {"type": "pung", "seat": 0, "tiles": "111m", "from": 3},
         {"type": "chow", "seat": 1, "tiles": "123p", "from": 0},
         {"type": "pung", "seat": 3, "tiles": "999s", "from": 1},
         {"type": "win", "seat": 2, "hand": "333z44z55z5z", "melds": [pung("111z"), pung("222z")],
          "win_tile": "5z"}],
        {0: {"hand": "234567m888p9p", "melds": [pung("111m")]},
         1: {"hand": "456789p1234s", "melds": [chow("123p")]},
         3: {"hand": "123m456m789m2s", "melds": [pung("999s")]}})
