"""Nothing acknowledged unsaved (SPEC 11, 11.1): a host answers `ok` only
for a command already on disk.

- The save's disk fills while two players play (a small tmpfs, when this
  runs as root; otherwise the journal's fault hook plays a full disk):
  every command answered `ok` is in the save, every other one was
  refused with the reason, both players are told that saving stopped,
  and (tmpfs) once there is room again orders are taken and both are told.
- The computer's orders wait while the disk is full (its team is not
  handed to a person) and go on when there is room.
- A read-only save is not hosted again (`host --resume` exits non-zero
  with the reason); nor is a game under a file-size limit that leaves its
  save no room, and a limit reached mid-game refuses orders instead of
  killing the host.
"""

import os
import resource
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clientlib import Pool
from framelib import Report
from gamelib import read_script, save_commands, seat_all
from hostlib import BIN, Host, Net, SRCDIR

SCRIPT = read_script(os.path.join(SRCDIR, 'tests', 'scenarios', 'gatehouse-Red.script'))
ROOT = os.geteuid() == 0


def mount_tmpfs(path, size):
    os.makedirs(path, exist_ok=True)
    subprocess.run(['mount', '-t', 'tmpfs', '-o', 'size=%d,mode=0700' % size,
                    'tmpfs', path], check=True)


def umount(path):
    subprocess.run(['umount', '-l', path], check=False)


def fill(path):
    """Fill the file system of path's folder to the last byte."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        for chunk in (65536, 4096, 1):
            try:
                while True:
                    os.write(fd, b'\0' * chunk)
            except OSError:
                pass
    finally:
        os.close(fd)


def active(seats):
    c = next(iter(seats.values()))
    return seats[c.picture.turn['active']]


def face_until_refused(conn, most=4000):
    """Turn Red's first unit to and fro (a free order in its movement)
    until orders are refused three times: the commands answered ok and the
    refused ones (line, why, client)."""
    oks, refused = [], []
    for k in range(most):
        line = 'face r1 %s' % ('n' if k % 2 else 's')
        time.sleep(0.004)  # a player's pace, not a flood
        a = conn.command(line)
        if a and a.get('type') == 'ok':
            oks.append(line)
        else:
            refused.append((line, (a or {}).get('why', ''), conn))
            if len(refused) >= 3:
                break
    return oks, refused


def play_until_full(seats, filler):
    """Fill the disk, then give orders until the save has no room left
    (a tmpfs gives a file the rest of its last page first)."""
    red = seats[0]
    red.sync()
    if filler:
        fill(filler)
    return face_until_refused(red)


def full_disk(rep):
    with Net('savefail') as net:
        savedir = os.path.join(net.state, 'medsiege')
        filler = None
        if ROOT:
            mount_tmpfs(savedir, 256 * 1024)
            filler = os.path.join(savedir, 'filler')
        else:
            # The 12th write to the save, and every one after, fails as
            # on a full disk.
            net.env['MEDSIEGE_TEST_JOURNAL_FAULT'] = 'enospc:12'
        try:
            host = net.host(SCRIPT['scenario'], seed=SCRIPT['seed'])
            net.env.pop('MEDSIEGE_TEST_JOURNAL_FAULT', None)
            pool = Pool()
            seats, _ = seat_all(pool, host)
            oks, refused = play_until_full(seats, filler)
            rep.ok(refused, 'a full disk: orders are refused', oks)
            whys = [why for _, why, _ in refused]
            rep.ok(all('cannot be saved' in why for why in whys),
                   'each refusal says the game cannot be saved', whys)
            rep.ok(all(savedir not in why for why in whys),
                   'no refusal names the save\'s path', whys)
            save = host.save()
            on_disk = save_commands(save)
            rep.ok(on_disk == oks, 'every command answered ok is on disk, and '
                   'nothing else (%d ok, %d in the save)' % (len(oks), len(on_disk)),
                   (oks[-3:], on_disk[-3:]))
            for c in seats.values():
                c.sync()
            told = {t: c.alerts for t, c in seats.items()}
            rep.ok(all(any('saving stopped' in a for a in v) for v in told.values()),
                   'every player is told that saving stopped', told)
            rep.ok('saving stopped' in host.log_text(), 'the host\'s log says so')
            if filler:
                os.unlink(filler)
                line, _, conn = refused[0]
                a = conn.command(line)
                rep.ok(a.get('type') == 'ok', 'room again: the refused order is taken', a)
                for c in seats.values():
                    c.sync()
                told = {t: c.alerts for t, c in seats.items()}
                rep.ok(all(any('works again' in x for x in v) for v in told.values()),
                       'every player is told that saving works again', told)
                rep.ok(save_commands(save) == oks + [line],
                       'the order taken is on disk')
            rep.ok(host.alive(), 'the host still runs')
            for c in pool.conns: c.close()
        finally:
            net.kill_hosts()
            if ROOT:
                umount(savedir)


def computer_waits(rep):
    """The computer's turn while its orders cannot be saved (the fault
    hook: the computer's first four writes fail, then there is room): it
    waits, tries again, keeps its team, and plays on."""
    with Net('savefail-ai') as net:
        # Write 1 is the save's header, 2 names the game's roster, 3 gives
        # Red to the computer; 4 is Red's first order.
        net.env['MEDSIEGE_TEST_JOURNAL_FAULT'] = 'enospc:4:0:4'
        host = net.host('tutorial', seed=3, args=['--ai', 'Red'])
        net.env.pop('MEDSIEGE_TEST_JOURNAL_FAULT', None)
        pool = Pool()
        seats, _ = seat_all(pool, host)
        blue = seats[1]
        pool.wait(lambda: blue.picture.turn.get('active') == 1, 60,
                  'Blue\'s turn after the computer\'s')
        log = host.log_text()
        rep.ok('saving stopped' in log and 'saving works again' in log,
               'the computer\'s orders were refused, then taken', log)
        rep.ok('a person plays it now' not in log, 'the computer keeps its team')
        rep.ok(any('saving' in a for a in blue.alerts),
               'the player is told', blue.alerts)
        for c in pool.conns:
            c.close()


def read_only(rep):
    with Net('savefail-ro') as net:
        host = net.host('gatehouse', seed=7)
        pool = Pool()
        seats, _ = seat_all(pool, host)
        active(seats).command(SCRIPT['cmds'][0])
        save = host.save()
        for c in pool.conns: c.close()
        host.kill()
        host.wait_gone()
        savedir = os.path.dirname(save)
        if ROOT:
            subprocess.run(['mount', '--bind', savedir, savedir], check=True)
            subprocess.run(['mount', '-o', 'remount,bind,ro', savedir], check=True)
        else:
            os.chmod(save, 0o444)
        try:
            st, out, err = net.medsiege('host', '--resume', host.game, '--detach')
            rep.ok(st != 0, 'a read-only save is not hosted again (exit %d)' % st, out)
            rep.ok('cannot' in err or 'Read-only' in err or 'ermission' in err,
                   'and says why', err)
            rep.ok(not net.host_pids(), 'no host runs')
        finally:
            if ROOT:
                umount(savedir)
            else:
                os.chmod(save, 0o644)


def size_limit(rep):
    with Net('savefail-fsize') as net:
        def small():
            resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))
        p = subprocess.run([BIN, 'host', 'gatehouse', '--detach'], env=net.env,
                           capture_output=True, text=True, preexec_fn=small, timeout=60)
        rep.ok(p.returncode != 0 and 'file-size limit' in p.stderr,
               'a file-size limit that leaves no room: not hosted', p.stderr)
        rep.ok(not net.host_pids(), 'no host runs')

        def room():
            resource.setrlimit(resource.RLIMIT_FSIZE, (24 * 1024, 24 * 1024))
        p = subprocess.run([BIN, 'host', SCRIPT['scenario'], '--detach', '--seed',
                            str(SCRIPT['seed'])],
                           env=net.env, capture_output=True, text=True,
                           preexec_fn=room, timeout=60)
        rep.ok(p.returncode == 0, 'a limit with room: hosted', p.stderr)
        if p.returncode != 0:
            return
        host = Host.parse(net, p.stdout)
        host.claim_seats()
        pool = Pool()
        seats, _ = seat_all(pool, host)
        seats[0].sync()
        _, refused = face_until_refused(seats[0])
        refused = refused[0][1] if refused else ''
        rep.ok('cannot be saved' in refused,
               'the limit reached: an order is refused, not played', refused)
        rep.ok(host.alive(), 'the host was not killed by the limit')
        for c in pool.conns: c.close()


def main():
    rep = Report()
    full_disk(rep)
    computer_waits(rep)
    read_only(rep)
    size_limit(rep)
    return rep.done()


if __name__ == '__main__':
    sys.exit(main())
