/** How the interface names the video providers `parseVideoUrl` (contract) recognises. */
export const VIDEO_PROVIDER_LABELS: Record<string, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };
