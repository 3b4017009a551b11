// A few slots per client address, in process: at most `perAddress` holders at a time, the rest wait
// their turn in order. Auth holds one from the failed-authentication check until the failure is
// counted, so a burst of unknown keys (one per connection) cannot all reach the store before the
// first of them is counted.
export class AddressSlots {
  private readonly slots = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(private readonly perAddress: number) {}

  /** Resolves once the address holds a slot; call the returned function (once or more) to free it. */
  async acquire(address: string): Promise<() => void> {
    let slot = this.slots.get(address);
    if (!slot) {
      slot = { running: 0, waiting: [] };
      this.slots.set(address, slot);
    }
    const own = slot;
    // A freed slot is handed straight to the next waiter, so `running` counts it still.
    if (own.running >= this.perAddress) await new Promise<void>((resolve) => own.waiting.push(resolve));
    else own.running++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = own.waiting.shift();
      if (next) next();
      else if (--own.running === 0) this.slots.delete(address);
    };
  }
}
