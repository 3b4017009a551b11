// Teams and their control tags (admin, owner), on the compliance screen: a team answers for a control
// with a rule of one of the organization's policies, and the control is covered while that rule is on.
// Teams are created, renamed (their tags stay) and deleted here.
import { api, confirmDialog, empty, field, go, h, select, submit, table } from './lib.js';

const o = (org) => `/api/orgs/${encodeURIComponent(org)}`;

/** `framework` and `controls` are those of the evidence shown above, so a tag goes to a control in view. */
export async function teamsSection(org, framework, controls) {
  const [teams, policies] = await Promise.all([api('GET', `${o(org)}/teams`), api('GET', `${o(org)}/policies`)]);
  const tags = await Promise.all(teams.map((t) => api('GET', `${o(org)}/teams/${t.team_id}/tags?framework=${framework}`)));
  const out = h('div', { 'aria-live': 'polite' });
  const reload = () => go(location.pathname + location.search);

  const name = h('input', { name: 'team_name' });
  const addTeam = h('button', { type: 'submit', class: 'secondary' }, 'Create team');
  const teamForm = h('form', { class: 'inline', novalidate: true, 'aria-label': 'New team' }, field('Team name', name), addTeam);
  teamForm.addEventListener('submit', (e) => {
    e.preventDefault();
    submit(addTeam, out, async () => {
      await api('POST', `${o(org)}/teams`, { name: name.value });
      reload();
    });
  });

  const rows = teams.flatMap((team, i) => tags[i].map((tag) => [team.name, tag.control_id, tag.rule_name,
    h('button', { type: 'button', class: 'secondary small', onclick: (e) => submit(e.target, out, async () => {
      await api('DELETE', `${o(org)}/teams/${team.team_id}/tags/${tag.tag_id}`);
      reload();
    }) }, 'Remove tag')]));

  const teamRows = teams.map((team, i) => {
    const remove = h('button', { type: 'button', class: 'danger small' }, 'Delete team');
    remove.setAttribute('aria-label', `Delete team ${team.name}`);
    remove.addEventListener('click', async () => {
      if (!(await confirmDialog(`Delete the team ${team.name} and every tag it owns? The controls it covered are no longer covered by it.`, 'Delete team'))) return;
      await submit(remove, out, async () => {
        await api('DELETE', `${o(org)}/teams/${team.team_id}`);
        reload();
      });
    });
    return [team.name, String(tags[i].length), remove];
  });

  const renamed = select('rename_team', teams.map((t) => [t.team_id, t.name]));
  const newName = h('input', { name: 'new_team_name' });
  const rename = h('button', { type: 'submit', class: 'secondary' }, 'Rename team');
  const renameForm = h('form', { class: 'inline', novalidate: true, 'aria-label': 'Rename a team' }, field('Team to rename', renamed), field('New team name', newName), rename);
  renameForm.addEventListener('submit', (e) => {
    e.preventDefault();
    submit(rename, out, async () => {
      await api('PATCH', `${o(org)}/teams/${encodeURIComponent(renamed.value)}`, { name: newName.value });
      reload();
    });
  });

  const rules = policies.flatMap((p) => p.rules.map((r) => [`${p.policy_id}|${r.id}`, `${p.name}: ${r.name}`]));
  const team = select('team', teams.map((t) => [t.team_id, t.name]));
  const control = select('control', controls.map((c) => [c.control_id, `${c.control_id} ${c.title.slice(0, 60)}`]));
  const rule = select('rule', rules);
  const addTag = h('button', { type: 'submit' }, 'Tag rule to control');
  const tagForm = h('form', { class: 'inline', novalidate: true, 'aria-label': 'New control tag' }, field('Team', team), field('Control', control), field('Rule', rule), addTag);
  tagForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const [policy_id, rule_id] = rule.value.split('|');
    submit(addTag, out, async () => {
      await api('POST', `${o(org)}/teams/${team.value}/tags`, { framework, control_id: control.value, rule_id, policy_id });
      reload();
    });
  });

  return h('section', { class: 'card', 'aria-labelledby': 'teams-h' }, h('h2', { id: 'teams-h' }, `Teams and tags (${framework})`),
    rows.length ? table('Control tags', ['Team', 'Control', 'Rule', ''], rows) : empty(teams.length ? `No ${framework} tags yet. Tag a rule to a control below to cover it.` : 'No teams yet. Create one, then tag rules to controls.'),
    teams.length && rules.length ? tagForm : null,
    teams.length ? [table('Teams', ['Team', `${framework} tags`, ''], teamRows), renameForm] : null, teamForm, out);
}
