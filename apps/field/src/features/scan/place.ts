/** Where the phone is, when the agent has allowed location; never waits more than a moment for it. */
export async function currentPlace(): Promise<{ latitude: number; longitude: number; accuracy?: number } | undefined> {
  if (!navigator.geolocation || !navigator.permissions) return undefined;
  try {
    const permission = await navigator.permissions.query({ name: 'geolocation' });
    if (permission.state !== 'granted') return undefined;
  } catch {
    return undefined;
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      () => resolve(undefined),
      { maximumAge: 60_000, timeout: 1500, enableHighAccuracy: false },
    );
  });
}
