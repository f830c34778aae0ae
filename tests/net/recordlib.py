"""recordlib.py: reading and comparing what a team's record told, for the
network tests (tests/net/*.py) and benches (bench/*.py). A Picture is a
team's picture of the game rebuilt from its record, to compare the
records two connections were sent; same_record compares the lines
themselves, told_end reads the end of the game from them.
"""

import json


class Picture:
    """A team's picture of the game as its record tells it: what the
    screen of a client would be made from."""

    def __init__(self):
        self.setup = []
        self.palette = {}
        self.cells = {}
        self.view = {}
        self.mem = {}
        self.units = {}
        self.turn = None
        self.goals = {}
        self.events = []
        self.chats = []

    def apply(self, o, text):
        t = o.get('type')
        if t in ('setup', 'about', 'team', 'unittype', 'goalset', 'start'):
            self.setup.append(text)
        elif t == 'terrain':
            entry = dict(o)
            del entry['type'], entry['k']
            self.palette[o['k']] = json.dumps(entry, sort_keys=True)
        elif t == 'cells':
            for i, k in enumerate(o['k']):
                self.cells[(o['x'] + i, o['y'])] = self.palette[k]
        elif t == 'view':
            self.view[o['y']] = o['v']
        elif t == 'mem':
            self.mem[o['y']] = o['s']
        elif t == 'unit':
            # As a player's side keeps it: what a line leaves out (the
            # place of a unit out of sight) stays as last told.
            unit = self.units.setdefault(o['id'], {})
            unit.update(o)
        elif t == 'turn':
            self.turn = o
        elif t == 'goal':
            self.goals[o['i']] = o['progress']
        elif t == 'event':
            self.events.append(text)
        elif t == 'chat':
            self.chats.append(text)

    def state(self):
        """The picture as a screen holds it: a row with nothing seen or
        remembered is no row, a goal with no progress none."""
        view = {y: v for y, v in self.view.items() if v.strip('0')}
        mem = {y: m for y, m in self.mem.items() if m.strip(' ')}
        goals = {i: p for i, p in self.goals.items() if p}
        return {'setup': self.setup, 'cells': self.cells, 'view': view,
                'mem': mem, 'units': self.units, 'turn': self.turn,
                'goals': goals, 'events': self.events, 'chats': self.chats}

    def differences(self, other):
        """What differs from another picture, in words (empty: the same).
        A connection that joined late was told the recent events and chat
        only: of those, the shorter list must be the end of the longer."""
        a, b = self.state(), other.state()
        out = []
        for k in a:
            if a[k] == b[k]:
                continue
            if k in ('events', 'chats'):
                short, long_ = sorted((a[k], b[k]), key=len)
                if long_[len(long_) - len(short):] == short:
                    continue
            if isinstance(a[k], dict):
                keys = sorted(set(a[k]) | set(b[k]), key=str)
                diff = [x for x in keys if a[k].get(x) != b[k].get(x)]
                out.append('%s differ at %s: %r / %r' % (
                    k, diff[0], a[k].get(diff[0]), b[k].get(diff[0])))
            elif isinstance(a[k], list):
                n = next((i for i, (x, y) in enumerate(zip(a[k], b[k])) if x != y),
                         min(len(a[k]), len(b[k])))
                out.append('%s differ at %d of %d/%d: %r / %r' % (
                    k, n, len(a[k]), len(b[k]), a[k][n:n + 1], b[k][n:n + 1]))
            else:
                out.append('%s: %r / %r' % (k, a[k], b[k]))
        return out


def same_record(part, whole, prefix=False):
    """Whether connection part was sent the lines of connection whole's
    record from where part's began (all of whole's, or with prefix, the
    beginning of them): both joined the same record at their own line."""
    if prefix and not part.record:
        return True  # gone before the record began: nothing to differ
    off = part.base - whole.base
    if off < 0:
        return False
    ref = whole.record[off:]
    return ref[:len(part.record)] == part.record if prefix else ref == part.record


def told_end(conn):
    """The end of the game as a team's record told it: (the winner's
    name or None, the result), or None while it was not told over."""
    turn = conn.picture.turn
    if not turn or not turn.get('over'):
        return None
    teams = [json.loads(l)['name'] for l in conn.picture.setup if '"type":"team"' in l]
    w = turn.get('winner', -1)
    return (teams[w] if 0 <= w < len(teams) else None), turn.get('result')
