// Pricing page: "Choose <plan>" buttons announce the selection and point to sign-in.

const status = document.getElementById('plan-status');

for (const button of document.querySelectorAll('button[data-plan]')) {
  button.addEventListener('click', () => {
    const { plan, price } = button.dataset;
    for (const b of document.querySelectorAll('button[data-plan]')) {
      b.setAttribute('aria-pressed', String(b === button));
    }
    status.hidden = false;
    status.replaceChildren(
      `You selected the ${plan} plan ($${price}/month). `,
      Object.assign(document.createElement('a'), {
        href: `/app/signin/?plan=${encodeURIComponent(plan.toLowerCase())}`,
        textContent: 'Sign in to continue',
      }),
      '.',
    );
  });
}
