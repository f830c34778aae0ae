"""A soak: 20 hosted games at once, each played to its end by raw
clients (one per team: two, or three for the chapel) from one loop, a
command at a time in every game. Every game must finish, every host
must leave when its players have (none left running), every save must
replay with `medsiege run SAVE` to the result the players were told, and
each game's end must be the one `medsiege run` gives for the same
script without a network.

The games: every script of tests/scenarios that `medsiege run --strict`
accepts (each scenario of maps/, to a win), then the tutorial with
other seeds, played to the round limit with moves that need no dice."""

import glob
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clientlib import NetError, NetTimeout, Pool
from framelib import Report
from gamelib import Table, final_state, read_script, run_json, seat_all
from hostlib import Net, SRCDIR
from recordlib import told_end

GAMES = 20
NET_MS = 1000  # a finished game's host leaves 1 s after its players


def tutorial_draw(seed):
    """The tutorial to its round limit (6), a unit a side stepping back
    and forth each round."""
    cmds = []
    for r in range(1, 7):
        red, blue = ('n', 's') if r % 2 else ('s', 'n')
        cmds += ['move r3 ' + red, 'end', 'end', 'end',
                 'move b3 ' + blue, 'end', 'end', 'end']
    return {'name': 'tutorial-draw-%d' % seed, 'seed': seed, 'cmds': cmds,
            'scenario': os.path.join(SRCDIR, 'maps', 'tutorial.yaml')}


def script_file(net, game):
    path = os.path.join(net.dir, game['name'] + '.script')
    with open(path, 'w') as f:
        f.write('\n'.join(game['cmds']) + '\n')
    return path


def local_end(net, game):
    """The final state line of the same script run without a network."""
    st, out = run_json(net, game['scenario'], '--seed', game['seed'], '--script',
                       script_file(net, game), '--strict')
    return st, final_state(out)


def main():
    rep = Report()
    with Net('soak', net_ms=NET_MS) as net:
        pool = Pool()
        games = []
        for path in sorted(glob.glob(os.path.join(SRCDIR, 'tests', 'scenarios', '*.script'))):
            g = read_script(path)
            st, end = local_end(net, g)
            if st == 0:
                g['end'] = end
                games.append(g)
        seed = 2
        while len(games) < GAMES:
            g = tutorial_draw(seed)
            st, g['end'] = local_end(net, g)
            rep.ok(st == 0, '%s: the script is played whole by medsiege run' % g['name'])
            games.append(g)
            seed += 1
        games = games[:GAMES]
        try:
            for g in games:
                g['host'] = net.host(g['scenario'], seed=g['seed'])
            for g in games:
                g['seats'], _ = seat_all(pool, g['host'])
                g['table'] = Table(g['seats'], g['cmds'])
            rep.ok(len(net.host_pids()) == GAMES,
                   '%d games hosted at once, %d clients' % (
                       len(net.host_pids()), sum(len(g['seats']) for g in games)))
            end = time.monotonic() + 600
            tables = [g['table'] for g in games]
            commands = sum(len(g['cmds']) for g in games)
            while not all(t.done() for t in tables) and time.monotonic() < end:
                moved = False
                for t in tables:
                    moved = t.step() or moved
                if not moved:
                    pool.pump(0.01)
            rep.note('%d commands played in %d games' % (
                sum(t.next for t in tables), len(tables)))
            for g in games:
                t = g['table']
                for c in g['seats'].values():
                    c.sync()
                rep.ok(t.failure is None and t.next == len(g['cmds']),
                       '%s: played to its end (%d commands)' % (g['name'], t.next),
                       t.failure)
                ends = {told_end(c) for c in g['seats'].values()}
                local = g['end'] or {}
                rep.ok(ends == {(local.get('winner'), local.get('result'))},
                       '%s: every team was told the end medsiege run gives: %s' % (
                           g['name'], local.get('result')), '%r / %r' % (ends, local))
            for g in games:
                for c in g['seats'].values():
                    c.say('bye')
            try:
                pool.wait(lambda: not net.host_pids(), 60, 'every host to leave')
            except NetTimeout:
                pass
            rep.ok(not net.host_pids(), 'every host left once its game was over and its '
                   'players gone: none left running', sorted(net.host_pids()))
            for g in games:
                log = g['host'].log_text()
                rep.ok('host stops: the game is over' in log,
                       '%s: its host stopped, the game over' % g['name'])
                save = g['host'].save()
                st, out, err = net.medsiege('run', save)
                rep.ok(st == 0 and out.count('-- state:') == 1,
                       '%s: the save replays with medsiege run SAVE' % g['name'],
                       err.strip())
                st, out = run_json(net, save)
                rep.ok(st == 0 and final_state(out) == g['end'],
                       '%s: its replay ends in the state medsiege run gives for the script'
                       % g['name'])
        except (NetTimeout, NetError) as e:
            rep.ok(False, 'soak: %s' % e)
        crashes = net.crash_reports()
        rep.ok(not crashes, 'no sanitizer report or crash in the host logs', '\n'.join(crashes))
    return rep.done()


if __name__ == '__main__':
    sys.exit(main())
