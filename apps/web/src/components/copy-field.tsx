import { Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Button } from './button.tsx';

/** A value to copy (an address, a snippet) with a labelled copy button that says when it copied. */
export const CopyField = ({ label, value, block }: { label: string; value: string; block?: boolean }) => (
  <Stack gap={4}>
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            variant="standard"
            size="xs"
            onClick={copy}
            leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            aria-label={`Copy ${label.toLowerCase()}`}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
    <Code block={block} style={{ wordBreak: 'break-all', whiteSpace: block ? 'pre-wrap' : undefined }} data-testid={label}>
      {value}
    </Code>
  </Stack>
);
