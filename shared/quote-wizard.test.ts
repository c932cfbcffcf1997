import { describe, expect, it } from 'vitest';
import { chooseService, initialWizardState, quoteRequest, restoreWizardState, stepOfField, validateStep } from './quote-wizard.ts';

describe('quote wizard state', () => {
  it('preselects a known service from ?service= and ignores an unknown one', () => {
    expect(initialWizardState('web-hosting').service).toBe('web-hosting');
    expect(initialWizardState('plumbing').service).toBe('');
    expect(initialWizardState(null)).toMatchObject({ step: 1, service: '' });
  });

  it('choosing another service clears every service-specific field, and keeps the project details', () => {
    let state = chooseService(initialWizardState(), 'datacenter');
    state = { ...state, details: { ...state.details, name: 'Ada' }, answers: { serverCount: '4', redundancy: 'High' } };
    expect(chooseService(state, 'datacenter')).toBe(state);
    const changed = chooseService(state, 'web-hosting');
    expect(changed.answers).toEqual({});
    expect(changed.details.name).toBe('Ada');
  });

  it('step 1 needs a service; step 2 and 3 use the server’s schemas', () => {
    const empty = initialWizardState();
    expect(validateStep(empty, 1)).toEqual({ service: 'Choose a service to continue.' });
    const state = chooseService(empty, 'web-hosting');
    expect(Object.keys(validateStep(state, 2)).sort()).toEqual(['completionDate', 'description', 'email', 'name', 'startDate']);
    expect(Object.keys(validateStep(state, 3)).sort()).toEqual(['bandwidth', 'hostingType', 'ssl', 'storage']);
    const filled = { ...state, answers: { hostingType: 'VPS', storage: '50', bandwidth: '-1', ssl: 'Yes' } };
    expect(Object.keys(validateStep(filled, 3))).toEqual(['bandwidth']);
  });

  it('sends the whole form state as typed: the chosen service\'s fields only, empty ones as ""', () => {
    const state = {
      ...chooseService(initialWizardState(), 'web-hosting'),
      answers: { storage: '50', hostingType: 'VPS', bandwidth: '', serverCount: '9' },
    };
    const request = quoteRequest(state);
    expect(request).toMatchObject({
      service: 'web-hosting',
      storage: '50',
      hostingType: 'VPS',
      bandwidth: '',
      ssl: '',
      name: '',
      phone: '',
    });
    expect(request).not.toHaveProperty('serverCount');
  });

  it('restores what sessionStorage held, dropping anything unexpected', () => {
    const saved = JSON.stringify({
      step: 3,
      service: 'datacenter',
      details: { name: 'Ada', evil: 'x', email: 3 },
      answers: { serverCount: '2', networkType: 'Wired' },
    });
    const state = restoreWizardState(saved)!;
    expect(state.step).toBe(3);
    expect(state.details.name).toBe('Ada');
    expect(state.details.email).toBe('');
    expect(state.details).not.toHaveProperty('evil');
    expect(state.answers).toEqual({ serverCount: '2', rackSpace: '', storageSize: '', redundancy: '' });
    expect(restoreWizardState('not json')).toBeNull();
    expect(restoreWizardState(JSON.stringify({ step: 3, service: 'nope' }))?.step).toBe(1);
  });

  it('a ?service= link for another service wins over what was stored, keeping the details', () => {
    const saved = JSON.stringify({ step: 3, service: 'datacenter', details: { name: 'Ada' }, answers: { serverCount: '2' } });
    const state = restoreWizardState(saved, 'web-design')!;
    expect(state).toMatchObject({ step: 1, service: 'web-design', answers: {} });
    expect(state.details.name).toBe('Ada');
    expect(restoreWizardState(saved, 'datacenter')!.step).toBe(3);
  });

  it('knows which step each field is on', () => {
    expect([stepOfField('service'), stepOfField('email'), stepOfField('serverCount')]).toEqual([1, 2, 3]);
  });
});
