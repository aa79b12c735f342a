// The Orders page: 1,000 generated orders in a virtualized ARIA table
// (Preact + htm from /vendor/, no build step). Only the rows inside the
// scrolling area, plus a few above and below it, are in the DOM; scrolling
// re-renders the window of rows (keyed, so Preact moves and reuses them).
// The table says how many rows it has with aria-rowcount and where each
// rendered row sits with aria-rowindex, as real data grids do.

import { h, render } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import htm from 'htm';

const html = htm.bind(h);

const COUNT = 1000;
const ROW_HEIGHT = 44;
/** Rows rendered beyond each edge of the scrolling area. */
const OVERSCAN = 3;

const CUSTOMERS = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson', 'Edsger Dijkstra',
  'Barbara Liskov', 'Donald Knuth', 'Margaret Hamilton', 'Ken Thompson', 'Frances Allen', 'John Backus',
  'Radia Perlman', 'Dennis Ritchie', 'Hedy Lamarr', 'Tim Berners-Lee', 'Sophie Wilson'];
const STATUSES = ['Paid', 'Shipped', 'Delivered', 'Pending', 'Refunded'];

/** Deterministic orders: the same page every load (tests name rows by number). */
function makeOrders() {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const start = Date.UTC(2025, 0, 1);
  return Array.from({ length: COUNT }, (_, i) => {
    const number = String(i + 1).padStart(4, '0');
    const date = new Date(start + i * 8 * 3600 * 1000).toISOString().slice(0, 10);
    return {
      id: number,
      label: `Order #${number}`,
      customer: CUSTOMERS[Math.floor(next() * CUSTOMERS.length)],
      date,
      status: STATUSES[Math.floor(next() * STATUSES.length)],
      total: `$${(5 + next() * 995).toFixed(2)}`,
    };
  });
}

function Row({ order, index, onDetails }) {
  return html`<div role="row" class="vt-row" aria-rowindex=${index + 2} style=${{ transform: `translateY(${index * ROW_HEIGHT}px)` }}>
    <span role="cell"><a href=${'#order-' + order.id}>${order.label}</a></span>
    <span role="cell">${order.customer}</span>
    <span role="cell">${order.date}</span>
    <span role="cell" class="vt-status">${order.status}</span>
    <span role="cell" class="vt-num">${order.total}</span>
    <span role="cell"><button type="button" class="btn" onClick=${() => onDetails(order)}>Details</button></span>
  </div>`;
}

function OrdersTable({ orders }) {
  const viewport = useRef(null);
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(440);
  const [selected, setSelected] = useState(null);
  useLayoutEffect(() => setHeight(viewport.current.clientHeight), []);
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(orders.length, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
  const shown = [];
  for (let i = first; i < last; i++) {
    shown.push(html`<${Row} key=${orders[i].id} order=${orders[i]} index=${i} onDetails=${setSelected} />`);
  }
  return html`<div role="table" class="vt" aria-label="Orders" aria-rowcount=${orders.length + 1}>
      <div role="rowgroup" class="vt-head">
        <div role="row" class="vt-row" aria-rowindex="1">
          <span role="columnheader">Order</span>
          <span role="columnheader">Customer</span>
          <span role="columnheader">Date</span>
          <span role="columnheader">Status</span>
          <span role="columnheader" class="vt-num">Total</span>
          <span role="columnheader"><span class="visually-hidden">Actions</span></span>
        </div>
      </div>
      <div class="vt-viewport" id="orders-scroller" ref=${viewport} onScroll=${(e) => setTop(e.currentTarget.scrollTop)}>
        <div role="rowgroup" class="vt-body" style=${{ height: `${orders.length * ROW_HEIGHT}px` }}>${shown}</div>
      </div>
      <div class="vt-foot"><span>${orders.length.toLocaleString('en-US')} orders</span><span>Rows ${first + 1}–${last} rendered</span></div>
    </div>
    ${selected && html`<p class="alert alert-success vt-detail" role="status" id="order-detail">${selected.label}: ${selected.customer}, ${selected.date}, ${selected.status}, ${selected.total}</p>`}`;
}

const root = document.getElementById('app');
root.replaceChildren();
render(html`<${OrdersTable} orders=${makeOrders()} />`, root);
