// Billing page: requires a session; each invoice row's Download button saves a
// small generated PDF named invoice-YYYY-MM.pdf.

import { getProfile, mountHeader, requireSession, toast } from '/assets/app.js';

/** Escapes text for a PDF literal string. */
function pdfText(s) {
  return s.replace(/[\\()]/g, (c) => '\\' + c).replace(/[^\x20-\x7e]/g, '?');
}

/** A minimal one-page PDF (Helvetica text lines) as a Blob. */
function makePdf(lines) {
  const content = [
    'BT', '/F1 22 Tf', '56 770 Td', `(${pdfText(lines[0])}) Tj`, '/F1 12 Tf',
    ...lines.slice(1).flatMap((l) => ['0 -22 Td', `(${pdfText(l)}) Tj`]),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => String(o).padStart(10, '0') + ' 00000 n \n').join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Blob([out], { type: 'application/pdf' });
}

function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Dates the invoice rows relative to today: the newest row is this month's
 * (issued on the 1st), each next row a month earlier. So "last month's
 * invoice" is the second row whenever the demo runs, never just the first.
 */
function dateInvoices(today = new Date()) {
  const rows = document.querySelectorAll('#invoices tbody tr');
  rows.forEach((row, k) => {
    const d = new Date(today.getFullYear(), today.getMonth() - k, 1);
    const ym = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    const number = `INV-${ym.replace('-', '-0')}`;
    const time = row.querySelector('time');
    time.dateTime = `${ym}-01`;
    time.textContent = d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    row.cells[1].textContent = number;
    const button = row.querySelector('button[data-invoice]');
    Object.assign(button.dataset, { invoice: ym, number });
    button.setAttribute('aria-label', `Download invoice ${number}`);
  });
}

if (requireSession()) {
  mountHeader();
  dateInvoices();
  const status = document.getElementById('billing-status');

  for (const button of document.querySelectorAll('button[data-invoice]')) {
    button.addEventListener('click', () => {
      const { invoice, number, amount, status: paid } = button.dataset;
      const filename = `invoice-${invoice}.pdf`;
      const profile = getProfile();
      download(
        makePdf([
          `Acme Cloud invoice ${number}`,
          `Billing period: ${invoice}`,
          `Billed to: ${profile.fullName} <${profile.email}>`,
          'Plan: Pro ($29.00/month) plus usage',
          `Amount: $${amount} USD`,
          `Status: ${paid}`,
          'Payment method: Visa ending 4242',
        ]),
        filename,
      );
      status.textContent = `Downloaded ${filename}.`;
      status.hidden = false;
    });
  }

  document.getElementById('update-card').addEventListener('click', () => {
    toast('Updating the payment method is disabled in this demo.');
  });
}
