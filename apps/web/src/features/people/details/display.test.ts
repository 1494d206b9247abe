import { describe, expect, it } from 'vitest';
import { orMissing, roleLabel, showsPersonalDetails } from './display.ts';

describe('detail page display', () => {
  it('shows *** for missing values', () => {
    expect(orMissing(null)).toBe('***');
    expect(orMissing('')).toBe('***');
    expect(orMissing('12 broad street')).toBe('12 broad street');
    expect(orMissing(0)).toBe('0');
  });
  it('names managers by department and union users by union role', () => {
    expect(roleLabel({ role: 'manager', department: 'enforcer-manager', unionRole: null })).toBe('Enforcer manager');
    expect(roleLabel({ role: 'union', department: null, unionRole: 'keke' })).toBe('union (keke)');
    expect(roleLabel({ role: 'motorist', department: null, unionRole: null })).toBe('motorist');
  });
  it('shows personal details for vehicle holders and agents only', () => {
    expect(showsPersonalDetails({ isMotorist: true, vehicle: null, agentRole: null })).toBe(true);
    expect(showsPersonalDetails({ isMotorist: false, vehicle: null, agentRole: 'registrar' })).toBe(true);
    expect(showsPersonalDetails({ isMotorist: false, vehicle: null, agentRole: null })).toBe(false);
  });
});
