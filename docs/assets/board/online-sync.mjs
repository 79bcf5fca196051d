// When an online table's page asks the server again for what it may have missed (spec/online-tables.md, "Failing
// parts"). The table's versioned log is the truth: a page that sees a version skipped, or hears nothing from the
// server for a while, asks for the state since the last version it saw (rejoin with `since`), so that a message
// lost between the server's processes (a Redis restart) never leaves a seat waiting for a turn it was given.
// Pure logic, its timers handed in (tests/node/board_online_sync.test.mjs).

// How long the page waits in silence before it asks (ms): a few seconds more than the server's ping interval.
export const SILENCE = 10_000;

// Whether a state at `version` skips one the page never saw after `known` (each change is one version more).
export const skips = (known, version) => Number.isInteger(known) && Number.isInteger(version) && version > known + 1;

export class Resync {
  // ask(reason): asks the server (a promise); reason is "gap" or "silence". One question at a time.
  constructor(ask, { silence = SILENCE, timers = globalThis } = {}) {
    this.ask = ask;
    this.silence = silence;
    this.timers = timers;
    this.timer = null;
    this.asking = false;
    this.stopped = false;
  }

  // Something came from the server: a state at `version` (the page had `known`), or anything else (no version).
  heard(known = null, version = null) {
    if (this.stopped) return;
    if (skips(known, version)) this.now("gap");
    else this.arm();
  }

  arm() {
    this.timers.clearTimeout(this.timer);
    if (!this.stopped) this.timer = this.timers.setTimeout(() => this.now("silence"), this.silence);
  }

  async now(reason) {
    if (this.asking || this.stopped) return;
    this.asking = true;
    this.timers.clearTimeout(this.timer);
    try {
      await this.ask(reason);
    } catch {
      // no answer: asked again after the next silence
    } finally {
      this.asking = false;
      this.arm();
    }
  }

  // The table is over or lost: nothing more to ask.
  stop() {
    this.stopped = true;
    this.timers.clearTimeout(this.timer);
  }
}
