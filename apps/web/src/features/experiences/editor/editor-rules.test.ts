import { EDITOR_STEPS } from '@excursio/contract/experiences';
import { describe, expect, it } from 'vitest';
import { stepNavigation } from '../../../lib/auth/use-editor-session.ts';
import {
  changedFields,
  cutoffToMinutes,
  durationToParts,
  effectivePublishProblems,
  isEditorStep,
  minutesToCutoff,
  partsToDuration,
  problemStep,
} from './editor-rules.ts';

describe('editor steps', () => {
  it('knows the specification steps and nothing else', () => {
    expect(isEditorStep('basic-info')).toBe(true);
    expect(isEditorStep('booking-info')).toBe(true);
    expect(isEditorStep('preview')).toBe(true);
    expect(isEditorStep('pricing-rates')).toBe(false);
    expect(isEditorStep('')).toBe(false);
    expect(isEditorStep(undefined)).toBe(false);
  });

  it('gives previous / current / next, empty at either end', () => {
    expect(stepNavigation(EDITOR_STEPS, 'basic-info')).toEqual({ previous: '', current: 'basic-info', next: 'description' });
    expect(stepNavigation(EDITOR_STEPS, 'settings')).toEqual({ previous: 'media', current: 'settings', next: 'booking-info' });
    expect(stepNavigation(EDITOR_STEPS, 'preview')).toEqual({ previous: 'booking-info', current: 'preview', next: '' });
  });

  it('links each publish problem to the step that fixes it', () => {
    expect(problemStep('title')).toBe('basic-info');
    expect(problemStep('description')).toBe('description');
    expect(problemStep('images')).toBe('media');
    expect(problemStep('rates')).toBe('pricing');
    expect(problemStep('start_times')).toBe('pricing');
    expect(problemStep('something_new')).toBe('basic-info');
  });
});

describe('duration', () => {
  it('splits minutes into hours and minutes and back', () => {
    expect(durationToParts(null)).toEqual({ hours: '', minutes: '' });
    expect(durationToParts(90)).toEqual({ hours: 1, minutes: 30 });
    expect(durationToParts(45)).toEqual({ hours: 0, minutes: 45 });
    expect(durationToParts(1440)).toEqual({ hours: 24, minutes: 0 });
    for (const total of [1, 59, 60, 61, 150, 1439, 6000]) {
      const { hours, minutes } = durationToParts(total);
      expect(partsToDuration(hours, minutes)).toBe(total);
    }
  });

  it('treats two empty inputs as no duration and one empty input as zero', () => {
    expect(partsToDuration('', '')).toBeNull();
    expect(partsToDuration(2, '')).toBe(120);
    expect(partsToDuration('', 15)).toBe(15);
    expect(partsToDuration(0, 0)).toBe(0);
  });
});

describe('booking cut-off', () => {
  it('shows the largest unit that is exact', () => {
    expect(minutesToCutoff(0)).toEqual({ value: 0, unit: 'hours' });
    expect(minutesToCutoff(30)).toEqual({ value: 30, unit: 'minutes' });
    expect(minutesToCutoff(90)).toEqual({ value: 90, unit: 'minutes' });
    expect(minutesToCutoff(120)).toEqual({ value: 2, unit: 'hours' });
    expect(minutesToCutoff(1440)).toEqual({ value: 1, unit: 'days' });
    expect(minutesToCutoff(2880 + 60)).toEqual({ value: 49, unit: 'hours' });
  });

  it('converts a value and unit to minutes, and round-trips', () => {
    expect(cutoffToMinutes(3, 'hours')).toBe(180);
    expect(cutoffToMinutes(2, 'days')).toBe(2880);
    expect(cutoffToMinutes(45, 'minutes')).toBe(45);
    for (const total of [0, 1, 59, 60, 180, 1440, 4320, 1500]) {
      const { value, unit } = minutesToCutoff(total);
      expect(cutoffToMinutes(value, unit)).toBe(total);
    }
  });
});

describe('changedFields', () => {
  const stored = { title: 'Kayak', languages: ['en', 'de'], max_group_size: null, duration_minutes: 90, extra: 'x' };

  it('is empty when nothing changed, so no request is made', () => {
    expect(
      changedFields({ title: 'Kayak', languages: ['en', 'de'], max_group_size: null, duration_minutes: 90 }, stored),
    ).toEqual({});
  });

  it('keeps only the fields that differ, comparing lists by content', () => {
    expect(
      changedFields({ title: 'Kayak tour', languages: ['en', 'de'], max_group_size: 12, duration_minutes: 90 }, stored),
    ).toEqual({ title: 'Kayak tour', max_group_size: 12 });
    expect(changedFields({ languages: ['de', 'en'] }, stored)).toEqual({ languages: ['de', 'en'] });
    expect(changedFields({ languages: ['en'] }, stored)).toEqual({ languages: ['en'] });
    expect(changedFields({ duration_minutes: null }, stored)).toEqual({ duration_minutes: null });
  });
});

describe('effectivePublishProblems', () => {
  const startTimes = { attr: 'start_times', detail: 'Add at least one start time.' };
  const images = { attr: 'images', detail: 'Upload at least one image.' };

  it('drops the start-time problem while an unsaved open-dated switch is on for a pass', () => {
    const offer = { type: 'ticket' as const, start_times_count: 0, publish_problems: [images, startTimes] };
    expect(effectivePublishProblems(offer, true)).toEqual([images]);
    expect(effectivePublishProblems(offer, false)).toEqual([images, startTimes]);
  });

  it('adds it back when the switch goes off and there are no start times', () => {
    const offer = { type: 'ticket' as const, start_times_count: 0, publish_problems: [] };
    expect(effectivePublishProblems(offer, true)).toEqual([]);
    expect(effectivePublishProblems(offer, false)).toEqual([startTimes]);
  });

  it('ignores the switch for other types and for offers that have start times', () => {
    expect(effectivePublishProblems({ type: 'rental', start_times_count: 0, publish_problems: [startTimes] }, true)).toEqual([
      startTimes,
    ]);
    expect(effectivePublishProblems({ type: 'ticket', start_times_count: 3, publish_problems: [] }, false)).toEqual([]);
  });
});
