import { PossibleMatchesCard } from '@/features/matches/components/possible-matches-card';
import PetProfilePage, { type ProfileSections } from '@/features/pets/components/pet-profile-page';

// The sections other features add to a pet's profile, in the order they appear.
const sections: ProfileSections = (pet) => <PossibleMatchesCard pet={pet} />;

/** /pet/{id}: the pets feature's profile with the sections of the features that follow a pet. */
export default function PetProfileRoute() {
  return <PetProfilePage sections={sections} />;
}
