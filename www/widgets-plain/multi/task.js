// Several targets in one sentence: "pick Paris, Rome and Oslo, then press
// Save" is four steps. The boxes are labelled by wrapping <label>s.
import { task, el, CITIES } from '../common.js';
const t = task();
const cities = t.sample(CITIES, 6);
const boxes = cities.map((c) => {
  const box = el('input', { type: 'checkbox', value: c });
  document.getElementById('list').append(el('div', { class: 'row' }, el('label', {}, box, ' ', c)));
  return box;
});
const want = t.sample(cities, 3);
const [a, b, c] = want;
t.say([`Pick ${a}, ${b} and ${c}, then press Save.`, `Tick ${a}, ${b} and ${c} and click Save.`, `Select ${a}, ${b}, ${c}, then save.`],
  [`Check ${a}, ${b} and ${c}, then click Save.`, `Choose ${a}, ${b} and ${c} and press Save.`, `Tick ${a}, ${b}, and ${c}, then hit Save.`],
  [`Please tick ${a}, ${b} and ${c}, and then save.`, `Can you check the boxes for ${a}, ${b} and ${c} and then hit Save?`,
    `I want ${a}, ${b} and ${c} selected, then click Save.`],
  [`Mark ${a}, ${b} and ${c}, and then press Save.`, `I'm visiting ${a}, ${b} and ${c} on this trip. Select those three and save.`,
    `Could you check off ${a}, ${b} and ${c} and click the Save button?`, `add ${a}, ${b} and ${c} to the trip and save it`],
  [
    `tick ${a} ${b} ${c} then save`,
    `Could you check ${a}, ${b} and ${c} and hit the Save button?`,
    `I'm visiting ${a}, ${b} and ${c}. Tick those three and click Save.`,
    `Mark ${a}, ${b} and ${c}, then save your choices.`,
    `The trip should include just ${a}, ${b} and ${c}; select them and press Save.`,
    `Would you mind ticking the boxes for ${a}, ${b} and ${c}, then pressing Save?`,
    `Select these cities: ${a}, ${b}, ${c}. Then click Save.`],
  [
    `${a} ${b} ${c} tick + save`,
    `Please put a tick beside each of these three cities, ${a}, ${b} and ${c}, and when that is done, press the Save button at the bottom.`,
    `You mark ${a}, ${b} and also ${c}, after that you press Save.`,
    `Set the ${a}, ${b} and ${c} checkboxes to checked, then click Save.`,
    `Now select ${a}, ${b} and ${c} in the list and click Save.`,
    `To plan a trip to ${a}, ${b} and ${c}, tick those cities and press Save.`,
    `Only three cities: ${a}, ${b}, ${c}. Tick them, then Save.`,
    `Will you tick ${a}, ${b} and ${c}, then press Save?`],
  [
    `${a}, ${b} and ${c} — tick those three boxes and then press Save.`,
    `Step 4: check ${a}, ${b}, ${c} (only these) and click Save.`,
    `Dear assistant, please could you tick ${a} and ${b} as well as ${c} in the list, and then click the Save button? Kind regards.`,
    `tick ${a} ${b} n ${c} then hit save thx`,
    `Since my trip covers ${a}, ${b} and ${c}, put ticks beside those cities and then click Save at the bottom.`,
    `You tick please ${a}, ${b}, ${c}, after you click Save.`,
    `In the list of cities each one has a small square in front of it; please put a tick in the squares for ${a}, ${b} and ${c} only, leaving the rest empty, and once those three are ticked, press the Save button underneath the list.`,
    `${a} + ${b} + ${c}, Save.`],
  [
    `Tick ${a}, ${b} and ${c}, then click Save`,
    `check ${a}, ${b}, ${c} and hit save`,
    `Could you select ${a}, ${b} and ${c} in the trip planner and then press Save? Only those three.`,
    `save my trip with ${c}, ${a} and ${b} ticked`,
    `Im visiting ${a}, ${b} and ${c} this summer, tick those three cities and save it`,
    `Press Save after checking the boxes for ${b}, ${c} and ${a}`,
    `three cities: ${a}, ${b}, ${c}. tick them, save`,
    `Please mark ${a}, ${b} and ${c} and click the Save button below the list.`,
  ],
  [
    `Tick ${a}, ${b} and ${c}, then Save.`,
    `select ${a} ${b} ${c} and hit save`,
    `Could you check ${a}, ${b} and ${c} and then press the Save button?`,
    `I'm visiting ${a}, ${b} and ${c} on this trip. Please tick those three cities and save the plan.`,
    `Save the trip with exactly three cities ticked: ${a}, ${b}, ${c}.`,
    `Before you press Save, tick ${c}, ${a} and ${b}.`,
    `Please you mark the cities ${a}, ${b} and also ${c}, after that click on Save.`,
    `Three cities: ${a}, ${b}, ${c}. Check their boxes, nothing else, and then cilck Save.`,
  ]);
document.getElementById('save').addEventListener('click', () => {
  const chosen = boxes.filter((b) => b.checked).map((b) => b.value);
  document.getElementById('result').textContent = `Saved: ${chosen.join(', ') || 'nothing'}.`;
  t.set({ saved: chosen, done: chosen.length === 3 && want.every((w) => chosen.includes(w)) });
});
