// A race game against the perfect opponent, over the session API.
export class RaceGame {
  constructor({ onChange, info }) {
    this.onChange = onChange;
    this.info = info;
    this.table = null;
  }
  reset(table) { this.table = table; }
  position() { return null; }
  legalCells() { return []; }
  pathCells() { return []; }
  click() {}
}
