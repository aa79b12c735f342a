// Vue 3 workspace settings (no build step: Vue's esm-browser build from
// /vendor/ through the import map; it compiles the template option at run
// time). Every field uses v-model, which listens for input (text, textarea)
// and change (select, checkbox) events. The <pre> shows the live state.

import { createApp, reactive, ref } from 'vue';

const REGIONS = [['eu', 'Europe'], ['us', 'United States'], ['ap', 'Asia Pacific']];

const app = createApp({
  setup() {
    const state = reactive({ workspace: 'Acme', region: 'eu', twoFactor: false, welcome: 'Hi' });
    const status = ref('');
    const regions = REGIONS;
    const save = () => {
      const region = REGIONS.find(([v]) => v === state.region)?.[1] ?? state.region;
      status.value = `Saved: ${state.workspace}, ${region}, two-factor ${state.twoFactor ? 'on' : 'off'}`;
    };
    return { state, status, regions, save };
  },
  template: `<form @submit.prevent="save" @input="status = ''" @change="status = ''" aria-label="Workspace settings">
    <div class="field">
      <label for="v-name">Workspace name</label>
      <input id="v-name" type="text" v-model="state.workspace">
    </div>
    <div class="field">
      <label for="v-region">Data region</label>
      <select id="v-region" v-model="state.region">
        <option v-for="[value, label] in regions" :key="value" :value="value">{{ label }}</option>
      </select>
    </div>
    <div class="field">
      <label for="v-welcome">Welcome message</label>
      <textarea id="v-welcome" rows="3" v-model="state.welcome"></textarea>
    </div>
    <label class="check">
      <input id="v-2fa" type="checkbox" v-model="state.twoFactor">
      Require two-factor sign-in
    </label>
    <div class="row" style="margin-top:8px">
      <button type="submit" class="btn btn-primary">Save workspace</button>
    </div>
    <p id="vue-status" role="status" class="small">{{ status }}</p>
    <p class="small muted">Vue state:</p>
    <pre id="vue-state">{{ JSON.stringify(state) }}</pre>
  </form>`,
});

const root = document.getElementById('vue-app');
root.replaceChildren();
app.mount(root);
