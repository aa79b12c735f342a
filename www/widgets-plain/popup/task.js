// "Dismiss the popup with its close button": the close button is a bare ×.
import { task } from '../common.js';
const t = task();
t.say(['Dismiss the popup with its close button.', 'Close the popup.', 'Close the popup using the × button.'],
  [`Close the pop-up with the × button.`, `Dismiss the popup.`, `Get rid of the popup by clicking its close button.`],
  [`Please close this popup with the × in its corner.`, `Can you get this popup out of the way with its close button?`, `Shut the popup by pressing its ×.`],
  [`Close that pop-up window by clicking the × in its corner.`, `i don't want the offer, just close the popup with the ×`,
    `Could you shut that overlay using its close button?`, `Make the popup go away with its × button. Don't claim the offer.`],
  [
    `close that popup with the x`,
    `Could you dismiss the offer popup using its close button?`,
    `This popup is in the way. Click the × to close it.`,
    `I don't want the discount, just shut the popup with its close button.`,
    `Hit the little cross on the popup.`,
    `Would you mind closing the pop-up box by clicking its X?`,
    `The popup should be gone; use its close button.`],
  [
    `x out the popup`,
    `A small window has appeared over the page offering a discount; please close it by clicking the little × in its corner, not the offer button.`,
    `The popup, you close it with the cross on top.`,
    `Click the × close button to dismiss the modal.`,
    `Now press the × at the corner of the pop-up window to close it.`,
    `To get back to the page, close the popup with its ×.`,
    `No offer for me. Shut the popup with the ×.`,
    `Mind closing that popup with the × button?`],
  [
    `The pop-up about the discount — close it with the little x in its corner, not the offer button.`,
    `Step 1: dismiss the popup via its × button (do not click Claim offer).`,
    `Hello, would you be so kind as to close the popup window by clicking its × button? Thank you.`,
    `ugh this popup, just x it`,
    `Since I don't care about 10% off, close that box with the cross at the top, not Claim offer.`,
    `Please close the window which is popping up, with the little cross.`,
    `A box has appeared over the newsletter page saying something about 10% off; in its top corner there's a small × button, so please click that × to close the box, and don't press Claim offer or Subscribe.`,
    `Close popup (×).`],
  [
    `Close the popup`,
    `get rid of that offer popup with the x`,
    `Could you dismiss the discount popup? Just close it, I don't want the offer.`,
    `click the × on the popup`,
    `that 10% off box is in the way, close it please`,
    `Close the Before you go popup using its close button, don't claim anything`,
    `hit the little x in the corner of the popup`,
    `dismiss the popup, I'm not interested in the offer`,
  ],
  [
    `Close the popup.`,
    `get rid of that anoying popup`,
    `Could you dismiss the offer box by clicking its × button?`,
    `I don't want the discount, please close the popup with the little x in its corner and don't claim the offer.`,
    `The 10% off popup: close it.`,
    `Please you click the small cross on the window with the offer so it go away.`,
    `Click the × on the popup.`,
    `That box about getting 10% off is in the way, can you shut it? Use the X button, not Claim offer.`,
  ]);
const popup = document.getElementById('popup');
document.getElementById('close').addEventListener('click', () => { popup.remove(); t.set({ done: true }); });
document.getElementById('claim').addEventListener('click', () => t.set({ claimed: true }));
