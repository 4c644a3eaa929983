import { useState } from 'react';

export type PositionState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'captured'; latitude: string; longitude: string; accuracy: number }
  | { status: 'failed'; reason: 'denied' | 'unavailable' };

// Six decimals is about 10 cm: as precise as any phone, and within what the server accepts.
const degrees = (value: number) => value.toFixed(6);

/** The device's position, asked for only when the finder chooses to share it. */
export function useCurrentPosition() {
  const [state, setState] = useState<PositionState>({ status: 'idle' });
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  const locate = (onCaptured?: (position: { latitude: string; longitude: string }) => void) => {
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const position = { latitude: degrees(coords.latitude), longitude: degrees(coords.longitude) };
        setState({ status: 'captured', ...position, accuracy: Math.round(coords.accuracy) });
        onCaptured?.(position);
      },
      (error) =>
        setState({ status: 'failed', reason: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return { supported, state, locate, clear: () => setState({ status: 'idle' }) };
}
