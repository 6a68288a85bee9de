// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../lib/theme.ts';
import { DeferredTooltip } from './deferred-tooltip.tsx';

const renderTooltip = () =>
  render(
    <MantineProvider theme={theme}>
      <DeferredTooltip label="Dark theme">
        <button type="button">Target</button>
      </DeferredTooltip>
    </MantineProvider>,
  );

describe('DeferredTooltip', () => {
  afterEach(cleanup);

  it('renders only its target until the pointer enters it, then shows the tooltip', async () => {
    renderTooltip();
    expect(screen.getByRole('button', { name: 'Target' })).toBeTruthy();
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Target' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Dark theme');
  });
});
