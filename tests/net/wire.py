"""What the host puts on the wire, read from its own copy of every byte
it sends (MEDSIEGE_WIRE_LOG), over whole scripted games on maps with fog:
the gatehouse, the sight fixtures of tests/data, and the tutorial under
a name and a description of the characters that grow most when written
in JSON (quotes, backslashes, tabs) and others of two to four bytes.
Each team has a player and a watcher, and players and watchers also send
commands that must be refused (out of turn, another team's unit, a
watcher's order).

Every .wire file must be the greeting, then lines of at most 4096 bytes,
each a JSON object; hold no seed; answer only the lines its own
connection sent (no other team's refusals); and name no unit its team
had not seen: each unit id in a `unit` or `event` line (its fields and
its words) sent to team T, until the game is over, must be T's own or a
unit that `medsiege view SCENARIO --team T --script PREFIX --json` shows
T seeing just before or just after the command that line came with (a
`unit` line may also tell of one T saw earlier, which that view's
last_seen then lists: a unit glimpsed in the middle of another's move,
which does not hide what is behind it until it stops, is in neither
view). Moves are given one step a command (a script's longer moves are cut into
their steps), so that no unit can pass through a team's sight between
two such views."""

import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clientlib import GREETING, LINE_MAX, NetError, NetTimeout, Pool
from framelib import Report
from gamelib import final_state, read_script, run_json, seat_all
from hostlib import Net, SRCDIR

DATA = os.path.join(SRCDIR, 'tests', 'data')
BIG_SEED = 8214926173  # where no dice decide the game: a seed no line may hold

# (name, scenario, seed, commands): each is played on with 'end' until
# the game is over.
GAMES = [
    ('sight-field', os.path.join(DATA, 'sight-field.yaml'), BIG_SEED,
     ['move r1 n', 'move r1 n', 'move r1 w', 'move r1 e', 'move r1 s', 'move r1 s',
      'end', 'end', 'end', 'face b1 ne']),
    ('sight-door', os.path.join(DATA, 'sight-door.yaml'), BIG_SEED,
     ['door r2 n open', 'door r1 sw open', 'door r1 sw close', 'door r1 sw lock',
      'door r3 s open', 'move r3 s', 'move r3 s', 'end', 'end', 'end', 'move b1 n',
      'end', 'end', 'end', 'move r2 n', 'move r2 n']),
    ('sight-escape', os.path.join(DATA, 'sight-escape.yaml'), BIG_SEED,
     ['move r2 e', 'move r1 e']),
    ('sight-climb', os.path.join(DATA, 'sight-climb.yaml'), BIG_SEED,
     ['move r1 n', 'move r1 n', 'move r2 n', 'move r2 n', 'end', 'end', 'end',
      'end', 'end', 'end', 'move r1 n', 'move r2 n']),
    ('sight-stop', os.path.join(DATA, 'sight-stop.yaml'), BIG_SEED,
     ['moveto r1 5,0', 'end', 'end', 'fight r1 b1', 'end', 'end', 'end',
      'fight b1 r1']),
    ('sight-melee', os.path.join(DATA, 'sight-melee.yaml'), 11,
     ['end', 'shoot r5 18,1', 'shoot r3 b2', 'shoot r4 b3', 'end', 'fight r1 b1']),
    ('sight-shadow-a', os.path.join(DATA, 'sight-shadow-a.yaml'), BIG_SEED,
     ['end', 'end', 'end', 'move b2 e', 'move b2 e', 'move b2 s']),
]
GATEHOUSE = read_script(os.path.join(SRCDIR, 'tests', 'scenarios', 'gatehouse-Red.script'))
GAMES.append(('gatehouse', GATEHOUSE['scenario'], GATEHOUSE['seed'], GATEHOUSE['cmds']))



def hostile(net):
    """The tutorial, named and described in what JSON escapes most."""
    with open(os.path.join(SRCDIR, 'maps', 'tutorial.yaml')) as f:
        text = f.read()
    desc = ('\\t' * 1500 + '\\"\\\\' * 400 + '\\n' * 300 +
            '\u00e9\u2014\U0001f3f0' * 100)
    head, rest = text.split('description:', 1)
    rest = rest[rest.index('\nroster:'):]
    # (A name holds no control character: the tab is in the description.)
    text = (head.replace('name: Tutorial', 'name: "Tutorial \\"quoted\\" \\\\ and /"') +
            'description: "%s"' % desc + rest)
    text = text.replace('roster: ../units/standard.yaml',
                        'roster: ' + os.path.join(SRCDIR, 'units', 'standard.yaml'))
    path = os.path.join(net.dir, 'hostile.yaml')
    with open(path, 'w') as f:
        f.write(text)
    cmds = []
    for r in range(1, 7):
        red, blue = ('n', 's') if r % 2 else ('s', 'n')
        cmds += ['move r3 ' + red, 'end', 'end', 'end', 'move b3 ' + blue, 'end', 'end',
                 'end']
    return ('hostile names', path, BIG_SEED, cmds)


DIRS = {(0, -1): 'n', (1, -1): 'ne', (1, 0): 'e', (1, 1): 'se', (0, 1): 's',
        (-1, 1): 'sw', (-1, 0): 'w', (-1, -1): 'nw'}


class Script:
    """A game's commands made ready: played on to the end, moves cut
    into steps, checked with medsiege run --strict."""

    def __init__(self, net, name, scenario, seed, cmds):
        self.net, self.name, self.scenario, self.seed = net, name, scenario, seed
        self.cmds = self.atomize(self.to_end(cmds))
        st, out = self.run(self.cmds, '--strict')
        self.state = final_state(out)
        self.ok = st == 0 and self.state.get('over')
        self.units = {u['id']: u['team'] for u in self.state.get('units', [])}
        self.views = {}
        self.view_runs = 0

    def file(self, cmds, tag):
        path = os.path.join(self.net.dir, '%s.%s.script' % (self.name, tag))
        with open(path, 'w') as f:
            f.write(''.join(c + '\n' for c in cmds))
        return path

    def run(self, cmds, *extra):
        return run_json(self.net, self.scenario, '--seed', self.seed, '--script',
                        self.file(cmds, 'run'), *extra)

    def to_end(self, cmds):
        """cmds, then as many 'end' as the game takes to be over."""
        st, out = self.run(cmds + ['end'] * 120)
        errs = [json.loads(l) for l in out.splitlines() if '"type":"error"' in l]
        if not errs or errs[0]['line'] <= len(cmds):
            return cmds  # the check with --strict says what is wrong
        return cmds + ['end'] * (errs[0]['line'] - 1 - len(cmds))

    def atomize(self, cmds):
        """Each move or moveto of several steps given as one command a
        step (its steps read from a run of the script with a marker
        after every command): steps through a friend, which no move may
        end on, stay together, and a move that climbs stays whole."""
        marked = []
        for c in cmds:
            marked += [c, 'mark!']
        st, out = self.run(marked, '--keep-going')
        chunks, cur = [], []
        for line in out.splitlines()[1:]:
            o = json.loads(line)
            if o['type'] == 'error' and o.get('command') == 'mark!':
                chunks.append(cur)
                cur = []
            else:
                cur.append(o)
        if len(chunks) != len(cmds):
            return cmds
        parts = []  # [the command it comes from, unit, directions] or a whole command
        for i, (c, events) in enumerate(zip(cmds, chunks)):
            words = c.split()
            moves = [e for e in events if e['type'] == 'move']
            if (words[0] in ('move', 'moveto') and len(moves) > 1 and
                    not any(e['type'] == 'climb' for e in events) and
                    all(e['unit'] == words[1] for e in moves)):
                for e in moves:
                    d = (e['to'][0] - e['from'][0], e['to'][1] - e['from'][1])
                    parts.append([i, words[1], [DIRS[d]]])
            else:
                parts.append([i, None, c])

        def text(p):
            return p[2] if p[1] is None else 'move %s %s' % (p[1], ' '.join(p[2]))

        for _ in range(200):
            steps = [text(p) for p in parts]
            st, out = self.run(steps, '--strict')
            errs = [json.loads(l) for l in out.splitlines() if '"type":"error"' in l]
            if st == 0 or not errs:
                return steps
            j = errs[0]['line'] - 1
            if j + 1 < len(parts) and parts[j][1] and parts[j + 1][0] == parts[j][0]:
                parts[j][2] += parts.pop(j + 1)[2]  # on with the next step
            else:
                return steps  # the check with --strict says what is wrong
        return [text(p) for p in parts]

    def seen(self, team, k):
        """The units team sees after the first k commands, and those it
        saw before and no longer sees."""
        key = (team, k)
        if key not in self.views:
            st, out, err = self.net.medsiege(
                'view', self.scenario, '--team', team, '--seed', self.seed,
                '--script', self.file(self.cmds[:k], 'view'), '--json')
            self.view_runs += 1
            if st != 0:
                raise NetError('medsiege view --team %s after %d commands: %s'
                               % (team, k, err.strip()))
            o = json.loads(out)
            self.views[key] = ({u['id'] for u in o['units']},
                               {u['id'] for u in o['last_seen']})
        return self.views[key]


def keys(o):
    """Every key of a JSON value, at any depth."""
    if isinstance(o, dict):
        for k, v in o.items():
            yield k
            yield from keys(v)
    elif isinstance(o, list):
        for v in o:
            yield from keys(v)


def named(o, ids):
    """The unit ids a unit or event line names: in its fields, and as
    words of its texts."""
    out = set()
    if o['type'] == 'unit':
        out.add(o['id'])
        return out
    ev, raw = o.get('event') or {}, o.get('raw') or {}
    for k in ('unit', 'target', 'attacker', 'by'):
        if isinstance(ev.get(k), str):
            out.add(ev[k])
    for k in ('u', 't'):
        if isinstance(raw.get(k), str):
            out.add(raw[k])
    words = set(re.findall(r'[A-Za-z0-9_]+', ' '.join(
        str(x) for x in (ev.get('text'), ev.get('for'), raw.get('text'), raw.get('told'))
        if x)))
    return out | (words & ids)


def play(rep, pool, host, script):
    """Play the script, with refused commands now and then; after each
    command every client holds all its record (marks: how many lines
    each had then). Returns (clients, marks)."""
    seats, watch = seat_all(pool, host, watchers=True)
    conns = list(seats.values()) + list(watch.values())
    marks = {c: [len(c.lines)] for c in conns}
    names = [s['team'] for s in host.seats]
    last = None
    for k, cmd in enumerate(script.cmds):
        team = (last or conns[0]).picture.turn['active']
        if k % 7 == 0:
            enemy = next(u for u, t in sorted(script.units.items()) if t != names[team])
            tries = [(seats[team], 'move %s n' % enemy)]
            tries += [(c, 'end') for t, c in seats.items() if t != team]
            tries += [(c, 'end') for c in watch.values()]
            for c, line in tries:
                a = c.command(line)
                if not a or a.get('type') != 'refused':
                    raise NetError('%s: %r was not refused: %r' % (c.name, line, a))
        c = seats[team]
        a = c.command(cmd)
        if not a or a.get('type') != 'ok' or a.get('line') != cmd:
            raise NetError('command %d %r: %r' % (k + 1, cmd, a))
        last = c
        for c in conns:
            c.sync()
            marks[c].append(len(c.lines))
    return conns, marks


def check_file(rep, script, name, data, conn, marks, team, seed):
    """The checks of one .wire file; its connection and the marks of
    its lines after each command."""
    problems = []
    lines = data.split(b'\n')
    if lines and lines[-1] == b'':
        lines.pop()
    if not lines or lines[0] != GREETING.encode():
        problems.append('the first line is not the greeting: %r' % lines[:1])
    objs = []
    for i, line in enumerate(lines[1:], 2):
        if len(line) + 1 > LINE_MAX:
            problems.append('line %d: %d bytes' % (i, len(line) + 1))
        try:
            o = json.loads(line.decode('utf-8'))
            if not isinstance(o, dict) or 'type' not in o:
                raise ValueError('not an object with a type')
        except (UnicodeDecodeError, ValueError) as e:
            problems.append('line %d: not a JSON object: %s: %r' % (i, e, line[:80]))
            o = {'type': None}
        objs.append(o)
    rep.ok(not problems, '%s: the greeting, then %d JSON lines of at most %d bytes'
           % (name, len(objs), LINE_MAX), '\n'.join(problems[:10]))

    leaks = sorted({k for o in objs for k in keys(o) if 'seed' in k.lower() or 'rng' in k.lower()})
    digits = len(str(seed)) >= 6 and str(seed).encode() in data
    rep.ok(not leaks and not digits, '%s: no seed (no such key%s)' % (
        name, ', nor %s anywhere' % seed if len(str(seed)) >= 6 else ''), leaks)

    sent = [s for s in conn.sent if s not in ('ping', 'bye') and not s.startswith('chat ')]
    answered = [o.get('line') for o in objs if o['type'] in ('ok', 'refused')]
    rep.ok(answered == sent and any(o['type'] == 'refused' for o in objs),
           '%s: answers to its own %d lines only, refusals among them' % (name, len(sent)),
           'sent %r\nanswered %r' % (sent[:10], answered[:10]))

    ids = set(script.units)
    own = {u for u, t in script.units.items() if t == team}
    unseen = []
    k, over = 0, False
    # Line i of the file is line i of what its client got (the file is
    # those bytes), and marks[k] counts the lines it had got after
    # command k: line i came with the first command k with i < marks[k].
    for i, o in enumerate(objs, 1):
        while k < len(marks) - 1 and i >= marks[k]:
            k += 1
        # Once the game is over every unit is told, with the fields only
        # a team's own units have until then.
        if (o['type'] == 'turn' and o.get('over')) or (
                o['type'] == 'unit' and o['id'] not in own and 'move' in o):
            over = True
        if over or o['type'] not in ('unit', 'event'):
            continue
        for u in sorted(named(o, ids) - own):
            # An event names units seen as it happened; a unit line may
            # also tell of one seen before (where it was last seen), or
            # glimpsed in the middle of the command (a moving unit does
            # not hide what is behind it until it stops).
            # (The view before the command is asked first when it is at
            # hand: fewer runs of medsiege view.)
            ok = k > 0 and (team, k - 1) in script.views and u in script.seen(team, k - 1)[0]
            if not ok:
                now = script.seen(team, k)
                ok = (u in now[0] or (o['type'] == 'unit' and u in now[1]) or
                      (k > 0 and u in script.seen(team, k - 1)[0]))
            if not ok:
                unseen.append('after command %d (%s): %s in %s' % (
                    k, script.cmds[k - 1] if k else 'start', u, json.dumps(o)[:200]))
    rep.ok(not unseen, '%s: every unit it names, %s saw at the time' % (name, team),
           '\n'.join(unseen[:10]))


def check_game(rep, net, pool, spec):
    name, scenario, seed, cmds = spec
    script = Script(net, name, scenario, seed, cmds)
    rep.ok(script.ok, '%s: %d commands (moves cut into steps), played to the end by '
           'medsiege run --strict' % (name, len(script.cmds)))
    if not script.ok:
        return
    host = net.host(scenario, seed=seed)
    conns, marks = play(rep, pool, host, script)
    files = sorted(f for f in os.listdir(net.wire) if f.startswith(host.game + '-'))
    datas = {}
    for f in files:
        with open(os.path.join(net.wire, f), 'rb') as fh:
            datas[f] = fh.read()
    matched = {}
    for c in conns:
        same = [f for f, d in datas.items() if d == bytes(c.raw)]
        if len(same) == 1:
            matched[same[0]] = c
    rep.ok(len(files) == len(conns) and len(matched) == len(conns),
           '%s: a .wire file for each of its %d clients, holding the bytes it got'
           % (name, len(conns)), files)
    for f, c in sorted(matched.items()):
        team = c.seat['team']
        check_file(rep, script, '%s %s %s' % (name, team, c.seat['role']), datas[f], c,
                   marks[c], team, seed)
    rep.note('%s: %d views asked of medsiege view' % (name, script.view_runs))
    for c in conns:
        c.say('bye')


def main():
    rep = Report()
    with Net('wire', wire_log=True) as net:
        pool = Pool()
        for spec in GAMES + [hostile(net)]:
            try:
                check_game(rep, net, pool, spec)
            except (NetTimeout, NetError) as e:
                rep.ok(False, '%s: %s' % (spec[0], e))
        crashes = net.crash_reports()
        rep.ok(not crashes, 'no sanitizer report or crash in the host logs', '\n'.join(crashes))
    return rep.done()


if __name__ == '__main__':
    sys.exit(main())
